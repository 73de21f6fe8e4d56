/* version.h: the firmware's version, shown in the banner and the capture. */
#ifndef CS_EFI_VERSION_H
#define CS_EFI_VERSION_H
#define CS_VERSION "0.1.0"
#endif
