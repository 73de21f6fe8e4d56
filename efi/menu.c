/* menu.c: the boot menu's UEFI side (menu.h): the countdown on a timer
 * event beside ConIn's WaitForKey, and the menu's text on the console
 * (ConOut, which the firmware draws on GOP and mirrors to the serial port).
 * What the keys do is menu_state.c's. */
#include "menu.h"
#include "console.h"
#include "menu_state.h"
#include "screen.h"

#define CS_MENU_TICK_100NS 10000000ull /* one second, in the timer's 100 ns units */
#define CS_MENU_TEXT_MAX 4096          /* the menu's text, drawn whole */

static struct cs_menu menu;
static char text[CS_MENU_TEXT_MAX];

/* A key pressed: 1 and *k; 0 when none could be read. */
static int read_key(EFI_SYSTEM_TABLE *st, enum cs_menu_key *k)
{
	EFI_INPUT_KEY key;
	if (st->ConIn->ReadKeyStroke(st->ConIn, &key) != EFI_SUCCESS)
		return 0;
	*k = cs_menu_key_of(key.ScanCode, key.UnicodeChar);
	return 1;
}

/* The countdown: 1 when a key was pressed before it ran out. */
static int countdown(EFI_SYSTEM_TABLE *st, uint32_t seconds)
{
	EFI_BOOT_SERVICES *bs = st->BootServices;
	EFI_EVENT timer, ev[2];
	UINTN index;
	enum cs_menu_key k;
	char mem[24];
	struct cs_buf b;
	if (bs->CreateEvent(EVT_TIMER, 0, NULL, NULL, &timer) != EFI_SUCCESS)
		return 0;
	st->ConIn->Reset(st->ConIn, FALSE); /* a key pressed before the question is no answer */
	ev[0] = st->ConIn->WaitForKey;
	ev[1] = timer;
	for (uint32_t left = seconds; left; left--) {
		cs_buf_init(&b, mem, sizeof mem);
		cs_putc(&b, ' ');
		cs_put_u64(&b, left);
		cs_con_buf(&b);
		if (bs->SetTimer(timer, TimerRelative, CS_MENU_TICK_100NS) != EFI_SUCCESS ||
		    bs->WaitForEvent(2, ev, &index) != EFI_SUCCESS)
			break;
		if (index == 0 && read_key(st, &k)) {
			bs->CloseEvent(timer);
			return 1;
		}
	}
	bs->SetTimer(timer, TimerCancel, 0);
	bs->CloseEvent(timer);
	return 0;
}

static void draw(EFI_SYSTEM_TABLE *st)
{
	struct cs_buf b;
	st->ConOut->ClearScreen(st->ConOut);
	cs_buf_init(&b, text, sizeof text);
	cs_menu_draw(&b, &menu);
	cs_con_buf(&b);
}

void cs_menu_boot(EFI_SYSTEM_TABLE *st, struct cs_settings *s, int netbooted, int emulated)
{
	struct cs_buf b;
	enum cs_menu_key k;
	UINTN index;
	s->menu = cs_menu_seconds(s, netbooted, emulated);
	if (!s->menu || !st->ConIn || !st->ConOut)
		return; /* unattended, or nothing to read keys from */
	cs_buf_init(&b, text, sizeof text);
	cs_menu_run_line(&b, s);
	cs_puts(&b, "menu: press a key for the boot menu, or the run starts in");
	cs_con_buf(&b);
	if (!countdown(st, s->menu)) {
		cs_con_puts(": starting\n");
		return;
	}
	cs_con_puts(": the boot menu\n");
	cs_menu_open(&menu, s);
	for (;;) {
		draw(st);
		if (st->BootServices->WaitForEvent(1, &st->ConIn->WaitForKey, &index) != EFI_SUCCESS)
			k = CS_MENU_KEY_START; /* no keys after all: measure as shown */
		else if (!read_key(st, &k))
			continue;
		if (cs_menu_key(&menu, k))
			break;
	}
	st->ConOut->ClearScreen(st->ConOut);
	cs_con_puts("menu: starting with the settings chosen\n");
	cs_screen_settings(s);
}
