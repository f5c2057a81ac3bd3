#pragma once
// Registers the rigid module (Gascuel & Gascuel 1994): the "solid" node type, the rigid
// constraint kinds, the "rigid" settings block, the "rigid" FamilySolver, the ".dcl"
// description-language importer and the "rigid" benchmark suite.
namespace flexure {
void registerRigidModule();
}  // namespace flexure
