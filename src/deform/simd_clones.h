#pragma once
// FLEXURE_DEFORM_SIMD marks a function whose loops are written for the vectorizer (structure of
// arrays, no branches in the lane loops). GCC builds an AVX-512 copy (x86-64-v4: 8 lanes, and
// twice the lanes in flight for the long dependency chains of the curve's Halley steps; issue 29
// measured Bezier 25 -> 21 ms and polygons 9 -> 7.5 ms on one thread of the project's EPYC) and
// an AVX2+FMA copy (x86-64-v3) next to the baseline SSE2 one and picks the best the processor
// runs at load time (ifunc), so the binary stays portable; not under
// the sanitizers, which dislike ifuncs. "no-trapping-math" lets the vectorizer evaluate
// comparisons and divisions for every lane (floating-point exception flags are not used
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && !defined(__SANITIZE_ADDRESS__) && \
    !defined(__SANITIZE_THREAD__)
#define FLEXURE_DEFORM_SIMD __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default"), optimize("no-trapping-math")))
#elif defined(__GNUC__) && !defined(__clang__)
#define FLEXURE_DEFORM_SIMD __attribute__((optimize("no-trapping-math")))
#else
#define FLEXURE_DEFORM_SIMD
#endif
