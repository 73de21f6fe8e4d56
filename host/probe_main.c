/* probe_main.c: `cacheshape-probe`, the host probe alone (no reader, no
 * yajl): `cacheshape probe`'s options, for a machine the full command is
 * not built for. mk/probe.mk builds it with a cross compiler
 * (`make probe-cross PROBE_ARCH=aarch64`): the same sources on another
 * architecture's arch layer. */
#include "probe.h"

int main(int argc, char **argv)
{
	return cs_cmd_probe(argc, argv);
}
