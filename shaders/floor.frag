#version 330 core
in vec3 vWorld;

uniform vec3 uFloorColor; // linear
uniform vec3 uLineColor;  // linear, the 1 m grid
uniform float uGrid;      // 1 draws the grid, 0 a plain floor
uniform vec3 uLightDir;
uniform vec3 uKeyColor;
uniform vec3 uSkyColor;

out vec4 fragColor;

// gridLine returns 1 on a line every `step` metres, about `px` pixels wide, antialiased.
float gridLine(vec2 p, float step, float px) {
    vec2 q = p / step;
    vec2 d = abs(fract(q - 0.5) - 0.5) / max(fwidth(q), vec2(1e-6));
    return 1.0 - clamp(min(d.x, d.y) - (px - 1.0) * 0.5, 0.0, 1.0);
}

void main() {
    vec2 p = vWorld.xz;
    float line = uGrid * gridLine(p, 1.0, 1.3);
    // Fade lines out where they shrink below a pixel apart (far away in a perspective view).
    float density = max(fwidth(p.x), fwidth(p.y));
    line *= 1.0 - smoothstep(0.15, 0.5, density);
    vec3 base = mix(uFloorColor, uLineColor, line * 0.85);
    vec3 c = base * (uSkyColor + uKeyColor * max(uLightDir.y, 0.0));
    fragColor = vec4(pow(c, vec3(1.0 / 2.2)), 1.0);
}
