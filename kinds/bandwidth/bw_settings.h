/* bw_settings.h: the bandwidth kind's settings (common/setting.h), its
 * row's settings column: their places in plan.settings[CS_KIND_BANDWIDTH]. */
#ifndef CS_BW_SETTINGS_H
#define CS_BW_SETTINGS_H

#include "../../common/setting.h"

enum cs_bw_setting {
	CS_BW_SET_BYTES, /* bandwidth=off|N: CS_SETTING_OFF, the largest buffer, or 0 (the sweep's) */
	CS_BW_SET_COUNT
};
extern const struct cs_setting_table cs_bw_settings;

#endif
