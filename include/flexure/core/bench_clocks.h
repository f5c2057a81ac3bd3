#pragma once
// The clocks the benchmark suites read (flexure-cli bench, benchmark_registry.h). Wall time is
// what a user waits; thread CPU time leaves out the time slices other processes of a shared
// machine took from this thread.
namespace flexure::bench {

double wallSeconds();       // a steady clock
double threadCpuSeconds();  // processor time of the calling thread
double processCpuSeconds(); // processor time of the whole process (all its threads)

}  // namespace flexure::bench
