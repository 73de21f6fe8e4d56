/* bw_settings.c: the bandwidth kind's settings, declared once
 * (bw_settings.h): the firmware's settings file, the host probe's options,
 * --help and docs/settings.md all come from here. */
#include "bw_settings.h"

static const struct cs_setting bw_settings[CS_BW_SET_COUNT] = {
	[CS_BW_SET_BYTES] = { .key = "bandwidth", .option = "bandwidth", .type = CS_SETTING_SIZE,
			      .off_word = "off", .min = CS_SETTINGS_MIN_BYTES, .max = CS_SETTINGS_MAX_BYTES,
			      .def_says = "the sweep's largest working set (a small one under emulation)",
			      .help = "the bandwidth kind's largest buffer, or off: the kind not run "
				      "(docs/bandwidth.md)",
			      .flags = CS_SETTING_FILE | CS_SETTING_HOST },
};

const struct cs_setting_table cs_bw_settings = { bw_settings, CS_BW_SET_COUNT };
