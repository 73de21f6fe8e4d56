/* exp_write.c: the experiments' write column (common/kinds.h): their
 * members of the capture ("experiments"), as the kernels recorded them.
 * Freestanding. */
#include "../../common/capture_write.h"
#include "experiments.h"

void cs_exp_kind_write(struct cs_jsonw *j, const struct cs_capture *c)
{
	cs_exp_write(j, &c->exp);
}
