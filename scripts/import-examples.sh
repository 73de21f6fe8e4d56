#!/usr/bin/env bash
# import-examples.sh [CACHESHAPE] [OUTDIR]: the imported examples of the
# README ("Bring your own curves"), made by `cacheshape import` from the
# public curves in tests/data/imported/ (sources: its README.md). The
# committed captures/imported/ is this script's output; the tests remake it
# in a temporary folder and require it byte for byte. Expectations live
# beside each capture in NAME.expect, written by a person, not by a run.
set -eu
cd "$(dirname "$0")/.."
B=${1:-build/host/cacheshape}
OUT=${2:-captures/imported}
D=tests/data/imported
mkdir -p "$OUT"
imp() { # NAME FORMAT FILE [OPTIONS...]
	local name=$1 fmt=$2 file=$3
	shift 3
	"$B" import --from "$fmt" "$D/$file" -o "$OUT/$name.json" "$@" >/dev/null
}
imp i7-1165G7-ramlat ramlat ramlat-i7-1165G7.txt --arch x86_64 \
	--published L1=48K,L2=1280K,L3=12M \
	--label "Intel Core i7-1165G7 (Tiger Lake), sbc-bench ramlat on cpu0, one size an octave"
imp rk3576-a53-ramlat ramlat ramlat-rk3576-a53.txt --arch aarch64 \
	--published L1=32K,L2=512K \
	--label "Rockchip RK3576 Cortex-A53 (ArmSoM Sige5), sbc-bench ramlat on cpu0, one size an octave"
imp rk3576-a72-ramlat ramlat ramlat-rk3576-a72.txt --arch aarch64 \
	--published L1=32K,L2=1M \
	--label "Rockchip RK3576 Cortex-A72 (ArmSoM Sige5), sbc-bench ramlat on cpu4, one size an octave"
imp core-ultra-265k-ecore-memorylatency memorylatency memorylatency-core-ultra-265k-ecore.csv \
	--arch x86_64 --published L1=32K,L2=4M,L3=30M \
	--label "Intel Core Ultra 265K, Skymont E-core (core 12), Chips and Cheese MemoryLatency"
imp core-ultra-265k-ecore-octaves memorylatency memorylatency-core-ultra-265k-ecore-octaves.csv \
	--arch x86_64 --published L1=32K,L2=4M,L3=30M \
	--label "Intel Core Ultra 265K E-core, the same run's power-of-two rows only: one size an octave"
imp kaby-lake-columns columns columns-kaby-lake.txt --arch x86_64 \
	--published L1=32K,L2=256K,L3=4M \
	--label "Intel Kaby Lake (4 x 2500 MHz), linked-list latency from google benchmark, two columns"
imp server-lat_mem_rd lat_mem_rd lat_mem_rd-server-256M.txt \
	--label "a server, lmbench lat_mem_rd -t 256M 128 on cpu 0 (processor not named by its source)"
imp chromeos-lat_mem_rd lat_mem_rd lat_mem_rd-chromeos-64M.txt \
	--label "lmbench lat_mem_rd 64M, stride 128, as quoted in a ChromeOS test (processor not named)"
