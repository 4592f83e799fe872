#version 330 core
// Scene geometry: positions in world space with a linear base colour per vertex. Normals are not
// stored: the fragment stage derives flat face normals, which suits the clay look and lets
// triangles share vertices.
layout(location = 0) in vec3 aPos;
layout(location = 1) in vec3 aColor;

uniform mat4 uViewProj;
// Vertices above uClipY are pulled down to it: how walls between the camera and the room are cut
// away to a low stub that still shows the floor plan. A large value leaves geometry whole.
uniform float uClipY;

out vec3 vWorld;
out vec3 vColor;

void main() {
    vec3 p = aPos;
    p.y = min(p.y, uClipY);
    vWorld = p;
    vColor = aColor;
    gl_Position = uViewProj * vec4(p, 1.0);
}
