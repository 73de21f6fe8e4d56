/* example_settings.c: the example kind's one setting, declared once
 * (common/setting.h): the firmware's settings file takes example_value=N,
 * the host probe --example-value N, both within 1..CS_EXAMPLE_VALUE_MAX;
 * its run writes it as the capture's "example": {"value": N}. */
#include "../../common/setting.h"
#include "example.h"

static const struct cs_setting example_settings[] = {
	{ .key = "example_value", .option = "example-value", .type = CS_SETTING_UINT, .min = 1,
	  .max = CS_EXAMPLE_VALUE_MAX, .def = 21, .help = "the example kind's value, written as measured",
	  .flags = CS_SETTING_FILE | CS_SETTING_HOST },
};

const struct cs_setting_table cs_example_settings = { example_settings, 1 };
