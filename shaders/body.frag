#version 330 core
in vec3 vNormal;
in vec3 vWorld;
in vec4 vColor;   // linear colour and opacity

uniform vec3 uLightDir;
uniform vec3 uKeyColor;
uniform vec3 uSkyColor;
uniform vec3 uGroundColor;
uniform vec3 uEye;        // camera position, for the rim light

out vec4 fragColor;

void main() {
    vec3 n = normalize(vNormal);
    float key = max(dot(n, uLightDir), 0.0);
    vec3 ambient = mix(uGroundColor, uSkyColor, 0.5 + 0.5 * n.y);
    // A soft rim keeps overlapping ghosts of similar colour apart.
    vec3 toEye = normalize(uEye - vWorld);
    float rim = pow(1.0 - max(dot(n, toEye), 0.0), 3.0);
    vec3 c = vColor.rgb * (ambient + key * uKeyColor) + rim * 0.25;
    fragColor = vec4(pow(c, vec3(1.0 / 2.2)), vColor.a);
}
