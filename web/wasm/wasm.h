/* wasm.h: what the WebAssembly build's units share. The module is the
 * freestanding core (reader/, common/, reduce/, kinds/) plus these units;
 * JavaScript calls
 * the functions marked CS_EXPORT and hands text across in two static
 * buffers: cs_in() (JS writes UTF-8 there before a call that takes a length)
 * and cs_out() (a call that returns a length leaves its text there); a
 * capture's bytes go where cs_read_reserve() says (read.c). Every structure
 * is static, one capture at a time; only the reader's room for a file
 * grows the module's memory. */
#ifndef CS_WASM_H
#define CS_WASM_H

#include "../../common/buf.h"
#include "../../common/capture.h"
#include "../../reduce/reduce.h"
#include "../../reader/expect.h"

#define CS_EXPORT(name) __attribute__((export_name(#name), visibility("default")))
#define CS_IN_BYTES (64 * 1024)
#define CS_OUT_BYTES (4 * 1024 * 1024)

extern char cs_w_in[CS_IN_BYTES];
extern char cs_w_out[CS_OUT_BYTES];
/* An out buffer over cs_w_out, emptied. */
void cs_w_out_buf(struct cs_buf *b);
/* Length of b's text, or -1 when it overflowed. */
int cs_w_out_len(const struct cs_buf *b);
/* The capture read.c reads (or measure.c measures), the one cs_reduce
 * reads. */
extern struct cs_capture cs_w_cap;
/* Its "expect" (or NAME.expect's: read.c), and what replay.c's
 * cs_reduce_capture made of it: cs_w_reduced says whether it reduced. */
extern struct cs_expect cs_w_exp;
extern struct cs_result cs_w_res;
extern int cs_w_reduced;

#endif
