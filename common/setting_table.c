/* setting_table.c: the program's settings, those no kind owns (setting.h).
 * The firmware's settings file takes every one (efi/settings.c); the host
 * probe those with an option and CS_SETTING_HOST. */
#include "setting.h"
#include "capture.h" /* CS_MAX_REPEATS */

#define F CS_SETTING_FILE
#define FH (CS_SETTING_FILE | CS_SETTING_HOST)

const struct cs_setting cs_prog_settings[CS_SET_PROG_COUNT] = {
	[CS_SET_SWEEP] = { .key = "sweep", .type = CS_SETTING_ENUM, .words = "quick|full", .def = 1,
			   .help = "quick: 4 KiB..64 MiB, 3 blocks a size; full: 9 blocks "
				   "(the host probe's --quick)",
			   .flags = F },
	[CS_SET_MAX_BYTES] = { .key = "max_bytes", .option = "max-bytes", .type = CS_SETTING_SIZE,
			       .min = CS_SETTINGS_MIN_BYTES, .max = CS_SETTINGS_MAX_BYTES,
			       .min_note = "the sweep's first size",
			       .def_says = "firmware: 4x the largest published cache; host: 512 MiB "
					   "(64 MiB with --quick)",
			       .help = "the sweep's largest working set (the host probe also "
				       "keeps it within this machine's memory)",
			       .flags = FH },
	[CS_SET_AFTER] = { .key = "after", .type = CS_SETTING_ENUM, .words = "wait|shutdown|return",
			   .help = "what the firmware does when the capture is saved", .flags = F },
	[CS_SET_CLOCK] = { .key = "clock", .type = CS_SETTING_NAME, .max = CS_SETTINGS_CLOCK_MAX,
			   .unit = "a counter's name (tsc, cntvct, pmccntr)",
			   .def_says = "the architecture's counter",
			   .help = "the counter the firmware times with (the host probe's --clock "
				   "names its clocks otherwise)",
			   .flags = F },
	[CS_SET_COMPETITORS] = { .key = "competitors", .option = "competitors", .type = CS_SETTING_UINT,
				 .min = 0, .max = CS_SETTINGS_MAX_COMPETITORS,
				 .help = "the sweep again beside N processors streaming through "
					 "their own buffers",
				 .flags = FH },
	[CS_SET_REPEAT] = { .key = "repeat", .option = "repeat", .type = CS_SETTING_UINT, .min = 1,
			    .max = CS_MAX_REPEATS, .unit = "sweeps",
			    .def_says = "firmware: 5 for a full sweep, 1 for a quick one; host: 1",
			    .help = "the whole sweep N times, each in an order of its own; a "
				    "reference needs 5 (docs/repeats.md)",
			    .flags = FH },
	[CS_SET_CORE_TYPES] = { .key = "core_types", .alias = "kinds", .type = CS_SETTING_ENUM,
				.words = "main|ap",
				.help = "ap: every core type swept on another processor "
					"(the host probe's --all-core-types is its own)",
				.flags = F },
	[CS_SET_LABEL] = { .key = "label", .option = "label", .type = CS_SETTING_TEXT, .def_says = "none",
			   .help = "appended to the capture's label", .flags = FH },
	[CS_SET_NAME] = { .key = "name", .type = CS_SETTING_NAME, .max = CS_SETTINGS_NAME_MAX,
			  .unit = "letters, digits, '-' and '_'",
			  .long_note = "a capture's name takes",
			  .def_says = "DATE-TIME-CPU",
			  .help = "the capture's file name, without .json", .flags = F },
	[CS_SET_MENU] = { .key = "menu", .type = CS_SETTING_UINT, .min = 0, .max = CS_SETTINGS_MENU_MAX,
			  .unit = "seconds", .def = CS_SETTINGS_MENU_SECONDS,
			  .def_says = "5; 0 when unattended (after=shutdown, a network boot, under an "
				      "emulator)",
			  .help = "the firmware's countdown before it measures, beside the run it is "
				  "about to do: a key opens the boot menu (docs/firmware.md); 0: none",
			  .flags = F | CS_SETTING_NO_MENU }, /* the countdown that opens it */
	[CS_SET_NET_BACKOFF] = { .key = "net_backoff", .type = CS_SETTING_UINT, .min = 0,
				 .max = CS_SETTINGS_NET_BACKOFF_MAX, .unit = "milliseconds",
				 .def = CS_SETTINGS_NET_BACKOFF_MS,
				 .help = "the network's wait before its second try of a transient failure "
					 "(a settings fetch, an upload), doubled before each try after",
				 .flags = F | CS_SETTING_NO_MENU },
};
