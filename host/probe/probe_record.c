/* probe_record.c: the host probe's own capture members, beside the core:
 * who produced it and how, the machine's state (load average before and
 * after, what else ran), the settings and the plan, the clock's
 * calibration, pages, competitors, the flush, CPUID or MIDR and CTR, sysfs,
 * seed 001's counts. (The sweep's and the
 * adjacency probe's detail are the engine's: common/capture_record.c.) */
#define _GNU_SOURCE
#include "probe.h"
#include "../../common/version.h"
#include "../../common/host_step.h"

#include <sys/utsname.h>

static void producer(struct cs_jsonw *j, const struct cs_probe_record *r)
{
	struct utsname u;
	cs_jsonw_key(j, "producer");
	cs_jsonw_obj(j);
	cs_jsonw_key(j, "name");
	cs_jsonw_str(j, "cacheshape-probe");
	cs_jsonw_key(j, "version");
	cs_jsonw_str(j, CS_VERSION);
	cs_jsonw_key(j, "command");
	cs_jsonw_str(j, r->argv);
	if (uname(&u) == 0) {
		cs_jsonw_key(j, "kernel");
		cs_jsonw_str(j, u.release);
	}
	cs_jsonw_key(j, "started_utc");
	cs_jsonw_str(j, r->started);
	cs_jsonw_obj_end(j);
}

static void loadavg(struct cs_jsonw *j, const char *key, const double *v)
{
	int pretty = j->pretty;
	cs_jsonw_key(j, key);
	cs_jsonw_arr(j);
	j->pretty = 0;
	for (int i = 0; i < 3; i++)
		cs_jsonw_numsig(j, v[i], 3);
	cs_jsonw_arr_end(j);
	j->pretty = pretty;
}

static void machine(struct cs_jsonw *j, const struct cs_probe_record *r)
{
	cs_jsonw_key(j, "machine");
	cs_jsonw_obj(j);
	cs_jsonw_key(j, "probe_cpu");
	cs_jsonw_i64(j, r->cpu);
	loadavg(j, "loadavg_before", r->load_before);
	loadavg(j, "loadavg_after", r->load_after);
	cs_jsonw_key(j, "loadavg_is");
	cs_jsonw_str(j, "/proc/loadavg (1, 5, 15 minutes) before calibration and after the adjacency probe; the probe itself counts for about 1");
	cs_jsonw_key(j, "region_bytes");
	cs_jsonw_u64(j, r->pool->bytes);
	cs_jsonw_key(j, "peak_rss_bytes");
	cs_jsonw_u64(j, r->peak_rss);
	cs_jsonw_key(j, "peak_rss_is");
	cs_jsonw_str(j, r->k->threads ? "VmHWM of the process, competitors' buffers included"
				      : "VmHWM of the process");
	cs_jsonw_key(j, "peak_rss_before_tlb_bytes");
	cs_jsonw_u64(j, r->peak_rss_before_tlb);
	cs_jsonw_key(j, "tlb_window_bytes");
	cs_jsonw_u64(j, r->tlb_window_bytes);
	cs_jsonw_key(j, "tlb_window_is");
	cs_jsonw_str(j, "the largest aliased TLB window, pages x page size: the kernel counts its few "
			"frames once for each page they are mapped at, so the peak may exceed "
			"peak_rss_before_tlb_bytes by up to this much with no more memory in use");
	cs_jsonw_key(j, "wall_s");
	cs_jsonw_numsig(j, r->total_s, 4);
	cs_jsonw_obj_end(j);
}

static void settings(struct cs_jsonw *j, const struct cs_probe_record *r)
{
	cs_jsonw_key(j, "settings");
	cs_jsonw_obj(j);
	cs_jsonw_key(j, "quick");
	cs_jsonw_bool(j, r->o->quick);
	cs_plan_json(j, r->plan);
	if (r->o->label) {
		cs_jsonw_key(j, "label");
		cs_jsonw_str(j, r->o->label);
	}
	cs_jsonw_obj_end(j);
}

void cs_probe_extra(struct cs_jsonw *j, void *ctx)
{
	const struct cs_probe_record *r = ctx;
	producer(j, r);
	machine(j, r);
	settings(j, r);
	cs_hclock_json(j, r->hc);
	cs_pool_json(j, r->pool);
	cs_compete_json(j, r->k);
	cs_flush_json(j, r->fl);
	cs_cpuinfo_json(j, r->ci);
	cs_host_steps_json(j); /* the kinds' host steps, run before the clock */
}
