/* example.c: the example kind's measuring columns (example.h): its run on
 * the engine and the host's platform services, its writers, its synthetic
 * curve. Freestanding. */
#include "../../common/engine.h"
#include "../../common/services.h"
#include "../../common/capture_write.h"
#include "../../common/synthetic.h"
#include "../../common/buf.h"
#include "example.h"

/* The run column: the setting as measured, and the page size the host's
 * pool_pages service reports under the engine's region (a host with no
 * such service, the page, is said so). Runs whole. */
int cs_example_run(struct cs_engine *e, struct cs_capture *c, struct cs_event *ev)
{
	const struct cs_services *s = e->hooks.svc;
	struct cs_example_capture *x = &c->example;
	(void)ev;
	cs_memset(x, 0, sizeof *x);
	x->present = 1;
	x->value = e->plan.settings[CS_KIND_EXAMPLE][0]; /* example_value= (example_settings.c) */
	if (s && s->pool_pages && s->pool_pages(s->ctx, &x->page_bytes, x->how, sizeof x->how) == 0)
		x->has_page = x->page_bytes > 0;
	else
		cs_strlcpy(x->how, "the host offers no pool_pages service", sizeof x->how);
	return 0;
}

/* The write column: its member of the capture's core. */
void cs_example_write(struct cs_jsonw *j, const struct cs_capture *c)
{
	const struct cs_example_capture *x = &c->example;
	if (!x->present)
		return;
	cs_jsonw_key(j, "example");
	cs_jsonw_obj(j);
	cs_jsonw_key_u64(j, "value", x->value);
	if (x->has_page)
		cs_jsonw_key_u64(j, "page_bytes", x->page_bytes);
	if (x->how[0])
		cs_jsonw_key_str(j, x->has_page ? "how" : "refused", x->how);
	cs_jsonw_obj_end(j);
}

/* The record column: how it was measured, after the producer's members
 * (never read back). */
void cs_example_record(struct cs_jsonw *j, const struct cs_capture *c)
{
	if (!c->example.present)
		return;
	cs_jsonw_key(j, "example_probe");
	cs_jsonw_obj(j);
	cs_jsonw_key_str(j, "service", "pool_pages (common/services.h)");
	cs_jsonw_obj_end(j);
}

/* The synthetic column: a curve makes its member; its value is the
 * curve's count of points (the generator's --kind example). */
int cs_example_synthetic(struct cs_capture *c, const struct cs_synth_curve *k)
{
	struct cs_example_capture *x = &c->example;
	if (!k->n || k->n > CS_EXAMPLE_VALUE_MAX)
		return -1;
	cs_memset(x, 0, sizeof *x);
	x->present = 1;
	x->value = k->n;
	cs_strlcpy(x->how, "a synthetic capture: no host", sizeof x->how);
	return 0;
}

/* The host column: one step a program, before the clock; its result kept
 * here until the host says and writes it. */
static struct {
	int ran, privileged, emulated;
} host_step;

void cs_example_host_run(const struct cs_services *s)
{
	host_step.ran = s != 0;
	host_step.privileged = s && s->privileged;
	host_step.emulated = s && s->emulated;
}

void cs_example_host_say(struct cs_buf *b)
{
	if (!host_step.ran)
		return;
	cs_puts(b, "example host step: ");
	cs_puts(b, host_step.privileged ? "privileged" : "not privileged");
	cs_puts(b, host_step.emulated ? ", under an emulator\n" : ", no emulator said\n");
}

void cs_example_host_json(struct cs_jsonw *j)
{
	if (!host_step.ran)
		return;
	cs_jsonw_key(j, "example_host");
	cs_jsonw_obj(j);
	cs_jsonw_key_bool(j, "privileged", host_step.privileged);
	cs_jsonw_key_bool(j, "emulated", host_step.emulated);
	cs_jsonw_obj_end(j);
}
