#version 330 core
in vec3 vWorld;
in vec3 vColor;

uniform vec3 uLightDir;   // unit vector towards the key light
uniform vec3 uKeyColor;   // key light colour (linear)
uniform vec3 uSkyColor;   // hemisphere ambient from above (linear)
uniform vec3 uGroundColor;// hemisphere ambient from below (linear)
uniform vec3 uClay;       // untinted clay colour (linear)
uniform float uTint;      // 0 = plain clay, 1 = the object's own colour

out vec4 fragColor;

void main() {
    // Face normal from screen-space derivatives; it always faces the viewer.
    vec3 n = normalize(cross(dFdx(vWorld), dFdy(vWorld)));
    vec3 base = mix(uClay, vColor, uTint);
    float key = max(dot(n, uLightDir), 0.0);
    vec3 ambient = mix(uGroundColor, uSkyColor, 0.5 + 0.5 * n.y);
    // Darken the lowest centimetres a little so objects sit on the floor instead of floating.
    float contact = mix(0.72, 1.0, smoothstep(0.0, 0.25, vWorld.y));
    vec3 c = base * (ambient + key * uKeyColor) * contact;
    fragColor = vec4(pow(c, vec3(1.0 / 2.2)), 1.0);
}
