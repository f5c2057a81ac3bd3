#pragma once
// Swaps everything two Scene objects hold except the camera: the root's children (the node
// objects themselves, with their place in the tree), Ψ with its flags and bounds, the
// constraints, the settings (timeline included) and the description. Node objects keep their
// identity, so undo commands that point to nodes stay valid on whichever side the nodes are:
// a script's undo step (script_edit_recorder.h) uses it to put the very nodes back that the
// commands before it refer to. O(number of nodes) for the final reference resolution only.
namespace flexure {
class Scene;
}

namespace flexure::app {

void exchangeSceneContent(Scene& a, Scene& b);

}  // namespace flexure::app
