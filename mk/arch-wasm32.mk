# wasm32: the page's architecture, not a firmware's (no EFI_ARCHES entry:
# `make ARCH=wasm32` builds no image). Its arch code is every .c in
# arch/wasm32/ (none today) and kinds/*/wasm32/ (the bandwidth kind's streaming kernels),
# compiled by mk/web.mk with Debian's clang for wasm32, twice for the
# kernels: plain into cacheshape.wasm and with -msimd128 into
# cacheshape-simd.wasm. Included with every ARCH (mk/arch-*.mk).
WEB_ARCH_SRC := $(wildcard arch/wasm32/*.c) $(wildcard kinds/*/wasm32/*.c)
