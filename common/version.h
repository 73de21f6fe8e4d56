/* version.h: the version of cacheshape, shown in the firmware's banner and
 * written into every capture it or the host probe makes. */
#ifndef CS_VERSION_H
#define CS_VERSION_H
#define CS_VERSION "0.1.0"
#endif
