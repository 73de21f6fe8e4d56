/* gop.c: the chart on the GOP screen (gop.h). */
#include <efi.h>
#include <efilib.h>
#include "gop.h"
#include "console.h"
#include "../chart/draw.h"

static EFI_GRAPHICS_OUTPUT_PROTOCOL *gop;
static EFI_BOOT_SERVICES *boot;
static struct cs_canvas cv;
static uint32_t *fb;       /* NULL: Blt only, or a format we do not write */
static int fb_swap;        /* the framebuffer is RGB, the canvas BGR */
static UINT32 fb_stride, x0;
static struct cs_chart_range live;
static const struct cs_capture *last_c;
static const struct cs_result *last_r;

int cs_gop_init(EFI_SYSTEM_TABLE *st)
{
	EFI_GUID guid = EFI_GRAPHICS_OUTPUT_PROTOCOL_GUID;
	EFI_BOOT_SERVICES *bs = st->BootServices;
	EFI_GRAPHICS_OUTPUT_MODE_INFORMATION *info;
	void *mem = NULL;
	EFI_STATUS s;

	boot = bs;
	s = bs->LocateProtocol(&guid, NULL, (void **)&gop);
	if (EFI_ERROR(s) || !gop || !gop->Mode || !gop->Mode->Info) {
		gop = NULL; /* said with the rest the firmware lacks (cs_screen_lacks) */
		return 0;
	}
	info = gop->Mode->Info;
	cv.w = (int)(info->HorizontalResolution / 2);
	cv.h = (int)(info->VerticalResolution * 5 / 8);
	cv.stride = cv.w;
	x0 = info->HorizontalResolution - (UINT32)cv.w;
	if (cv.w < 240 || cv.h < 160) {
		cs_con_puts("screen: too small for the chart: the summary is text only\n");
		gop = NULL;
		return 1;
	}
	s = bs->AllocatePool(EfiLoaderData, (UINTN)cv.w * (UINTN)cv.h * 4, &mem);
	if (EFI_ERROR(s)) {
		Print(L"screen: no memory for the chart (%r): the summary is text only\n", s);
		gop = NULL;
		return 1;
	}
	cv.px = mem;
	if (gop->Mode->FrameBufferBase &&
	    (info->PixelFormat == PixelBlueGreenRedReserved8BitPerColor ||
	     info->PixelFormat == PixelRedGreenBlueReserved8BitPerColor)) {
		fb = (uint32_t *)(uintptr_t)gop->Mode->FrameBufferBase;
		fb_swap = info->PixelFormat == PixelRedGreenBlueReserved8BitPerColor;
		fb_stride = info->PixelsPerScanLine;
	}
	return 1;
}

static void show(void)
{
	if (!fb) {
		EFI_STATUS s = gop->Blt(gop, (EFI_GRAPHICS_OUTPUT_BLT_PIXEL *)cv.px,
					EfiBltBufferToVideo, 0, 0, x0, 0, (UINTN)cv.w,
					(UINTN)cv.h, (UINTN)cv.w * 4);
		if (EFI_ERROR(s)) {
			Print(L"screen: Blt failed (%r): the summary is text only\n", s);
			gop = NULL; /* said once: nothing more is drawn */
		}
		return;
	}
	for (int y = 0; y < cv.h; y++) {
		volatile uint32_t *dst = fb + (size_t)y * fb_stride + x0;
		const uint32_t *src = cv.px + (size_t)y * (size_t)cv.stride;
		for (int x = 0; x < cv.w; x++) {
			uint32_t p = src[x];
			if (fb_swap)
				p = (p & 0xff00u) | (p >> 16 & 0xffu) | (p & 0xffu) << 16;
			dst[x] = p;
		}
	}
}

void cs_gop_live_begin(double first_bytes, double last_bytes)
{
	live = (struct cs_chart_range){ 0, 0, 0, 0 };
	cs_chart_range_bytes(&live, first_bytes, last_bytes);
}

void cs_gop_live(const struct cs_capture *c)
{
	struct cs_chart_range r = live;
	struct cs_chart_map m;
	if (!gop)
		return;
	cs_chart_range_add(&r, c);
	cs_chart_layout(&m, cv.w, cv.h, &r, 0);
	cs_chart_draw(&cv, &m, c, NULL);
	show();
}

void cs_gop_final(const struct cs_capture *c, const struct cs_result *r)
{
	last_c = c;
	last_r = r;
	cs_gop_redraw();
}

/* The final mapping: the capture's own range, the adjacency strip when the
 * capture has series (tests/qemu/screendump.py repeats this). */
void cs_gop_redraw(void)
{
	struct cs_chart_range range = { 0, 0, 0, 0 };
	struct cs_chart_map m;
	if (!gop || !last_c)
		return;
	cs_chart_range_add(&range, last_c);
	cs_chart_layout(&m, cv.w, cv.h, &range, last_c->n_adj > 0);
	cs_chart_draw(&cv, &m, last_c, last_r);
	show();
}

void cs_gop_done(void)
{
	if (cv.px && boot)
		boot->FreePool(cv.px);
	cv.px = NULL;
	gop = NULL;
}
