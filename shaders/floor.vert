#version 330 core
// The floor: one quad on y = 0 spanning the room; the grid is drawn per fragment.
layout(location = 0) in vec3 aPos;

uniform mat4 uViewProj;

out vec3 vWorld;

void main() {
    vWorld = aPos;
    gl_Position = uViewProj * vec4(aPos, 1.0);
}
