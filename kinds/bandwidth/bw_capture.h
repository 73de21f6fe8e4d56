/* bw_capture.h: what a capture says about bandwidth (the bandwidth kind,
 * docs/bandwidth.md): streaming read, write, copy and non-temporal write
 * over the size grid on one processor, the same read on every processor at
 * once, and the misses in flight (the latency chase with N independent
 * chains interleaved). Included by common/capture.h after struct cs_point;
 * every member is absent (present 0 / n 0) when not measured, never zero.
 * The reader (bandwidth_read.c) refuses more than these capacities.
 *
 * This header is the contract between the kind's run (which fills it) and
 * its writer, reader and reduction (which read it): the capture member it
 * becomes is docs/capture.md's "bandwidth". */
#ifndef CS_BW_CAPTURE_H
#define CS_BW_CAPTURE_H

#define CS_BW_MAX_SERIES 8     /* four operations on one processor, read on all, spares */
#define CS_BW_MAX_POINTS 128   /* sizes in one series (the sweep's grid to 512 MiB is 73) */
#define CS_BW_NAME_MAX 16      /* "read", "nt_write", "avx512", "scalar" ..., with the NUL */
#define CS_MLP_MAX_SIZES 8     /* one size inside each level found, and the largest */
#define CS_MLP_MAX_CHAINS 8    /* the chain counts at one size (1, 2, 4, 8, 16) */

enum cs_bw_op { CS_BW_READ, CS_BW_WRITE, CS_BW_COPY, CS_BW_NT_WRITE, CS_BW_N_OPS };

/* One size of one operation: the median and the minimum over its timed
 * blocks, in ns per byte counted (bytes_per_byte_touched of the series). */
struct cs_bw_point {
	double bytes;          /* the buffer: for copy, the source (the destination is as big) */
	double ns_per_byte;    /* median over blocks */
	double ns_per_byte_min;
	int has_block;
	double block_ns;       /* the shortest timed block */
};

struct cs_bw_series {
	enum cs_bw_op op;
	char kernel[CS_BW_NAME_MAX]; /* "avx512", "avx2", "sse2", "neon", "scalar" */
	uint32_t vector_bytes;       /* bytes one load or store moves: 64, 32, 16, 8 */
	uint32_t threads;            /* 1, or how many processors ran it at once */
	/* bytes counted per byte of the buffer touched: read 1, write 1,
	 * non-temporal write 1, copy 2 (read + written) */
	double bytes_per_byte_touched;
	/* an operation not measured here (no non-temporal store, no other
	 * processor): no points, and why */
	int refused;
	char refusal[CS_TEXT_MAX];
	uint32_t n;
	struct cs_bw_point pts[CS_BW_MAX_POINTS];
};

/* The chase at one size with 1, 2, 4 ... chains interleaved: ns per load
 * counts every load of every chain (total time / total loads), so N fully
 * overlapped chains give latency / N. */
struct cs_mlp_size {
	double bytes;                     /* the working set of all chains together */
	uint32_t n;
	uint32_t chains[CS_MLP_MAX_CHAINS];
	double ns[CS_MLP_MAX_CHAINS];     /* ns per load, minimum over blocks */
};

struct cs_bw_capture {
	int present;                /* the "bandwidth" member is in the capture */
	int null;                   /* ... as null: not measured here, and why */
	char why[CS_TEXT_MAX];
	/* how the vector state was had ("XCR0 had AVX state", "enabled by
	 * CR4.OSXSAVE and XSETBV, restored after"), in words */
	char vector_note[CS_TEXT_MAX];
	uint32_t n_series;
	struct cs_bw_series series[CS_BW_MAX_SERIES];
	/* "mlp": the misses in flight, or null with its reason */
	int mlp_present, mlp_null;
	char mlp_why[CS_TEXT_MAX];
	uint32_t n_mlp;
	struct cs_mlp_size mlp[CS_MLP_MAX_SIZES];
	/* how the run went (the record column), never read back */
	int run_present;
	double run_s, mlp_s;
	uint32_t all_cores_asked;      /* processors the program offered, its own included */
	char all_cores_note[CS_TEXT_MAX]; /* why no (or a smaller) aggregate series */
	double series_s[CS_BW_MAX_SERIES]; /* each series' seconds */
	uint32_t blocks;               /* timed blocks a point */
	double block_floor_ns;         /* each at least this long */
};

/* its member of struct cs_capture (scripts/kinds-h.sh, docs/layers.md) */
#define CS_CAPTURE_MEMBER_BANDWIDTH struct cs_bw_capture bw; /* bandwidth and misses in flight (docs/bandwidth.md) */

#endif
