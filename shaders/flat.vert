#version 330 core
// Unlit overlay geometry (root path, markers, axis arrows): positions in world space and a display
// (sRGB) colour with opacity per vertex.
layout(location = 0) in vec3 aPos;
layout(location = 1) in vec4 aColor;

uniform mat4 uViewProj;

out vec4 vColor;

void main() {
    vColor = aColor;
    gl_Position = uViewProj * vec4(aPos, 1.0);
}
