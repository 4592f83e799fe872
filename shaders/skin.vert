#version 330 core
// Linear blend skinning of a body model (package body): each vertex moves by the weighted sum of
// up to four of the pose's 22 skinning matrices, uBones[j] taking rest positions to posed ones; an
// SMPL-family body, which needs more weights and pose correctives, comes posed (uPosed).
// The normal moves by the cofactor of that blended matrix, which is its inverse-transpose up to a
// positive factor, so it stays perpendicular to the surface even where a fitted bone is stretched
// or squashed along one axis; the fragment stage renormalises it. Shaded by body.frag, the same
// lighting as the capsule bodies.
layout(location = 0) in vec3 aPos;
layout(location = 1) in vec3 aNormal;
layout(location = 2) in vec4 aWeights;
layout(location = 3) in uvec4 aJoints;
layout(location = 4) in vec4 aColor; // display colour; a constant when the figure has one colour
layout(location = 5) in vec3 aPosed;       // with uPosed: the vertex as posed on the CPU
layout(location = 6) in vec3 aPosedNormal; // and its normal

uniform mat4 uViewProj;
uniform mat4 uBones[22];
uniform float uOpacity;
// uPosed draws vertices posed on the CPU (an SMPL-family body, skinned exactly with all its
// weights and pose correctives) as they come, instead of skinning them here.
uniform bool uPosed;

out vec3 vNormal;
out vec3 vWorld;
out vec4 vColor;

mat3 cofactor(mat3 m) {
    return mat3(cross(m[1], m[2]), cross(m[2], m[0]), cross(m[0], m[1]));
}

void main() {
    mat4 m = aWeights.x * uBones[aJoints.x] + aWeights.y * uBones[aJoints.y]
           + aWeights.z * uBones[aJoints.z] + aWeights.w * uBones[aJoints.w];
    vec4 p = m * vec4(aPos, 1.0);
    vNormal = cofactor(mat3(m)) * aNormal;
    if (uPosed) {
        p = vec4(aPosed, 1.0);
        vNormal = aPosedNormal;
    }
    vWorld = p.xyz;
    vColor = vec4(pow(aColor.rgb, vec3(2.2)), uOpacity);
    gl_Position = uViewProj * p;
}
