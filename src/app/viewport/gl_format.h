#pragma once
// The OpenGL context every viewport asks for: 3.3 core, depth buffer, 4× multisampling.
// Must be installed before the QApplication is constructed.
namespace flexure::app {

void installDefaultGlFormat();

}  // namespace flexure::app
