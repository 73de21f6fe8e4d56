/* experiments.c (firmware): seed 003's experiments, shown and recorded. */
#include "experiments.h"
#include "console.h"
#include "../arch/arch.h"
#include "../common/buf.h"
#include "../common/experiments.h"
#include "../reduce/experiments.h"

void cs_efi_experiments(struct cs_measure *m, struct cs_capture *c)
{
	static char text[2048];
	struct cs_exp_env env = {
		.clk = &m->clk,
		.flush = cs_arch_flush,
		.mem = m->pool,
		.bytes = m->pool_bytes,
		.seed = m->seed,
		.reps = m->blocks,
	};
	struct cs_buf b;

	if (cs_exp_run(&env, &c->exp) != 0) {
		cs_con_puts("experiments: not run (the region is under 1 MiB)\n");
		return;
	}
	cs_buf_init(&b, text, sizeof text);
	cs_report_experiments(&b, c);
	cs_con_buf(&b);
}
