#pragma once
// `flexure-cli bench anim`: what the animation machinery costs per frame on its own (no solver),
// next to its baselines in the same run: applying keys (compared with copying Ψ), capturing and
// restoring a frame snapshot (compared with copying Ψ and with cloning the whole scene, the
// naive way to keep a frame), bytes per cached frame, and baking/scrubbing rates.
#include <nlohmann/json.hpp>

namespace flexure {

nlohmann::json runAnimBenchmarks(bool quick);

}  // namespace flexure
