#pragma once
// Names of copies, the way Blender names them: a copy of "fixed-a" is "fixed-a.001", the next
// "fixed-a.002", and a copy of "fixed-a.001" is the lowest free "fixed-a.NNN" again (the numeric
// suffix is not stacked: no "fixed-a.001.001"). Used for nodes and constraints that a paste, a
// duplicate or a group brings into a scene whose names are taken.
#include <functional>
#include <string>
#include <string_view>

namespace flexure {

// `name` when it is free, else the stem of `name` (without a trailing ".<digits>") followed by
// the lowest ".NNN" (at least three digits, from 001) that `taken` does not claim.
std::string uniqueCopyName(std::string_view name, const std::function<bool(std::string_view)>& taken);

}  // namespace flexure
