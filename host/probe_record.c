/* probe_record.c: the host probe's own capture members, beside the core:
 * who produced it and how, the machine's state (load average before and
 * after, what else ran), the clock's calibration, pages, competitors,
 * CPUID and sysfs, and the sweep's detail (medians, loads per block). */
#define _GNU_SOURCE
#include "probe.h"
#include "../common/version.h"

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
	cs_jsonw_key(j, "wall_s");
	cs_jsonw_numsig(j, r->total_s, 4);
	cs_jsonw_obj_end(j);
}

static void settings(struct cs_jsonw *j, const struct cs_probe_record *r)
{
	const struct cs_run *m = r->m;
	cs_jsonw_key(j, "settings");
	cs_jsonw_obj(j);
	cs_jsonw_key(j, "quick");
	cs_jsonw_bool(j, r->o->quick);
	cs_jsonw_key(j, "max_bytes");
	cs_jsonw_u64(j, m->sweep_max);
	cs_jsonw_key(j, "blocks");
	cs_jsonw_u64(j, m->blocks);
	cs_jsonw_key(j, "min_block_ns");
	cs_jsonw_numsig(j, m->min_block_ns, 6);
	cs_jsonw_key(j, "min_block_is");
	cs_jsonw_str(j, "the larger of 100 clock quanta (reduction.md s.1) and a floor (1 ms full, 20 us quick, as the firmware)");
	cs_jsonw_key(j, "warm_max_loads");
	cs_jsonw_u64(j, m->warm_max);
	cs_jsonw_key(j, "seed");
	cs_jsonw_hex(j, m->seed);
	if (r->o->label) {
		cs_jsonw_key(j, "label");
		cs_jsonw_str(j, r->o->label);
	}
	cs_jsonw_obj_end(j);
}

static void sweep_detail(struct cs_jsonw *j, const struct cs_probe_record *r)
{
	const struct cs_run *m = r->m;
	cs_jsonw_key(j, "sweep_detail");
	cs_jsonw_obj(j);
	cs_jsonw_key(j, "ns_is");
	cs_jsonw_str(j, "minimum over blocks; median_ns beside it");
	cs_jsonw_key(j, "seconds");
	cs_jsonw_numsig(j, m->sweep_s, 4);
	cs_jsonw_key(j, "failed_points");
	cs_jsonw_u64(j, m->failed);
	cs_jsonw_num_row(j, "median_ns", m->median_ns, r->c->n_points, 6);
	cs_jsonw_u64_row(j, "loads_per_block", m->loads, r->c->n_points);
	cs_jsonw_num_row(j, "point_s", m->point_s, r->c->n_points, 4);
	cs_jsonw_obj_end(j);
}

static void adjacency_detail(struct cs_jsonw *j, const struct cs_probe_record *r)
{
	const struct cs_run *m = r->m;
	int pretty = j->pretty;
	cs_jsonw_key(j, "adjacency_probe");
	cs_jsonw_obj(j);
	cs_adj_layout_json(j);
	cs_jsonw_key(j, "seconds");
	cs_jsonw_numsig(j, m->adj_s, 4);
	cs_jsonw_key(j, "shortest_block_ns");
	cs_jsonw_arr(j);
	j->pretty = 0;
	for (uint32_t i = 0; i < r->c->n_adj; i++) {
		if (r->c->adj[i].refused)
			cs_jsonw_null(j);
		else
			cs_jsonw_numsig(j, m->adj_block_ns[i], 6);
	}
	cs_jsonw_arr_end(j);
	j->pretty = pretty;
	cs_jsonw_key(j, "refusals");
	cs_jsonw_arr(j);
	for (uint32_t i = 0; i < m->n_adj_refused; i++) {
		cs_jsonw_obj(j);
		cs_jsonw_key(j, "placement");
		cs_jsonw_str(j, cs_placement_name(m->adj_refused[i].placement));
		cs_jsonw_key(j, "code");
		cs_jsonw_str(j, m->adj_refused[i].why.code);
		cs_jsonw_key(j, "reason");
		cs_jsonw_str(j, m->adj_refused[i].why.reason);
		cs_jsonw_obj_end(j);
	}
	cs_jsonw_arr_end(j);
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
	cs_cpuinfo_json(j, r->ci);
	sweep_detail(j, r);
	adjacency_detail(j, r);
}
