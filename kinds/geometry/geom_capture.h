/* geom_capture.h: what a capture says about the caches' geometry (the
 * geometry kind, docs/geometry.md): the stride-by-count table of conflicts
 * measured on memory whose physical addresses are known, and the ways and
 * sets the processor publishes for each level. Included by common/capture.h;
 * every member is absent (present/n 0) when not measured, never zero. The
 * reader (geometry_read.c) refuses more than these capacities. */
#ifndef CS_GEOM_CAPTURE_H
#define CS_GEOM_CAPTURE_H

#define CS_GEOM_MAX_STRIDES 24  /* strides 2^i from a 16-byte line to 128 MiB */
#define CS_GEOM_MAX_COUNTS 128  /* lines a stride: 1 .. 2 x the largest plausible ways */
#define CS_GEOM_MAX_PUBLISHED 16 /* published cache geometries */
#define CS_GEOM_MEMORY_MAX 16    /* "identity", "huge-page", "pagemap", "none", with the NUL */

/* One published cache's geometry (CPUID leaf 4 / 0x8000001D, CCSIDR,
 * sysfs): 0 where not published. */
struct cs_geom_pub {
	uint32_t level;
	enum cs_cache_type type;
	uint32_t ways, sets, line_bytes;
};

/* One stride: ns[k-1] the cost per load of k lines at base + j x stride,
 * chased as one random cycle; n the counts measured (1..n). */
struct cs_geom_stride {
	uint64_t stride_bytes;
	uint32_t n;
	int has_block;
	double block_ns;         /* the shortest timed block of any count */
	double ns[CS_GEOM_MAX_COUNTS];
};

struct cs_geom_capture {
	/* published.geometry: the ways and sets each level claims */
	int has_published;
	char published_source[CS_WORD_MAX];
	uint32_t n_published;
	struct cs_geom_pub published[CS_GEOM_MAX_PUBLISHED];
	/* geometry: the table, or a refusal (no memory of known physical
	 * address: "memory" is "none" and "refusal" says why) */
	int present;
	char memory[CS_GEOM_MEMORY_MAX]; /* "identity", "huge-page", "pagemap" or "none" */
	char memory_how[CS_TEXT_MAX];    /* how the addresses are known, in words */
	char refusal[CS_TEXT_MAX];       /* memory "none": why */
	uint64_t region_bytes;           /* bytes the lines lie in */
	uint64_t span_bytes;             /* a power of two: address bits below log2 of it are physical */
	uint32_t line_bytes;             /* the smallest stride */
	uint32_t counts_max;             /* counts asked for each stride */
	uint32_t n_strides;
	struct cs_geom_stride strides[CS_GEOM_MAX_STRIDES];
	/* how the run went (the record column: "geometry_probe"), never read back */
	int run_present;
	uint32_t points, passes;
	double run_s;
};

/* its member of struct cs_capture (scripts/kinds-h.sh) */
#define CS_CAPTURE_MEMBER_GEOMETRY struct cs_geom_capture geom; /* ways and sets by conflicts (docs/geometry.md) */

#endif
