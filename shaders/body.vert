#version 330 core
// Instanced capsules: the mesh is a unit sphere split at its equator; aEnd says whether a vertex
// belongs to the hemisphere at A (0) or at B (1). Each instance is one capsule A–B of radius R.
// Because the capsule is a swept sphere, the unit direction is also the exact surface normal.
layout(location = 0) in vec3 aDir;
layout(location = 1) in float aEnd;
layout(location = 2) in vec3 iA;
layout(location = 3) in vec3 iB;
layout(location = 4) in float iRadius;
layout(location = 5) in vec4 iColor;

uniform mat4 uViewProj;

out vec3 vNormal;
out vec3 vWorld;
out vec4 vColor;

void main() {
    vec3 axis = iB - iA;
    float len = length(axis);
    vec3 w = len > 1e-6 ? axis / len : vec3(0.0, 1.0, 0.0);
    vec3 helper = abs(w.y) < 0.9 ? vec3(0.0, 1.0, 0.0) : vec3(1.0, 0.0, 0.0);
    vec3 u = normalize(cross(helper, w));
    vec3 v = cross(w, u);
    vec3 n = u * aDir.x + v * aDir.y + w * aDir.z;
    vec3 p = mix(iA, iB, aEnd) + iRadius * n;
    vNormal = n;
    vWorld = p;
    vColor = iColor;
    gl_Position = uViewProj * vec4(p, 1.0);
}
