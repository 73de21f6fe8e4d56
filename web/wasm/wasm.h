/* wasm.h: what the WebAssembly build's units share. The module is the
 * freestanding core (common/, reduce/) plus these units; JavaScript calls
 * the functions marked CS_EXPORT and hands text across in two static
 * buffers: cs_in() (JS writes UTF-8 there before a call that takes a length)
 * and cs_out() (a call that returns a length leaves its text there). No
 * allocation: every structure is static, one capture at a time. */
#ifndef CS_WASM_H
#define CS_WASM_H

#include "../../common/buf.h"
#include "../../common/capture.h"
#include "../../reduce/reduce.h"

#define CS_EXPORT(name) __attribute__((export_name(#name), visibility("default")))
#define CS_IN_BYTES (64 * 1024)
#define CS_OUT_BYTES (4 * 1024 * 1024)

extern char cs_w_in[CS_IN_BYTES];
extern char cs_w_out[CS_OUT_BYTES];
/* An out buffer over cs_w_out, emptied. */
void cs_w_out_buf(struct cs_buf *b);
/* Length of b's text, or -1 when it overflowed. */
int cs_w_out_len(const struct cs_buf *b);
/* cs_w_in[at .. at + len) into dst (cap bytes with the NUL): -1 when it
 * does not fit or holds a NUL (capture_in.c; capture_tlb.c uses it). */
int cs_w_take(char *dst, uint32_t cap, uint32_t at, uint32_t len);
/* The capture the boundary fills (capture.c), the one cs_reduce reads. */
extern struct cs_capture cs_w_cap;

#endif
