/* Triangle coverage checks (maxwell_coverage.h). */
#include "support/maxwell_coverage.h"

#include <math.h>

#include "support/test_support.h"

static double edge(const float a[2], const float b[2], double x, double y)
{
    return (b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]);
}

void tm_check_triangle(const uint8_t *rgba, uint32_t w, uint32_t h, uint32_t s, const float c[3][2], uint8_t clear,
                       const char *what)
{
    const uint32_t fw = w * s;
    const double area = edge(c[0], c[1], c[2][0], c[2][1]);
    uint32_t inside = 0;
    for (uint32_t y = 0; y < h * s; y++)
        for (uint32_t x = 0; x < fw; x++) {
            /* frame rows are top first; the target's rows grow with NDC y here */
            const double px = (x + 0.5) / s, py = (y + 0.5) / s;
            const double e[3] = {edge(c[0], c[1], px, py), edge(c[1], c[2], px, py), edge(c[2], c[0], px, py)};
            double m = 1e9;
            for (int k = 0; k < 3; k++) {
                const int a = k, b = (k + 1) % 3;
                const double len = hypot(c[b][0] - c[a][0], c[b][1] - c[a][1]);
                const double d = e[k] / len * (area > 0 ? 1 : -1);
                m = d < m ? d : m;
            }
            const uint8_t *p = rgba + ((size_t)y * fw + x) * 4;
            if (m > 1.0) {
                inside++;
                const int sum = p[0] + p[1] + p[2];
                if (sum < 252 || sum > 258 || p[3] != 255)
                    fail_msg("%s: (%u, %u) inside the triangle is %u %u %u %u", what, x, y, p[0], p[1], p[2], p[3]);
            } else if (m < -1.0) {
                if (p[0] != clear || p[1] != clear || p[2] != clear)
                    fail_msg("%s: (%u, %u) outside the triangle is %u %u %u", what, x, y, p[0], p[1], p[2]);
            }
        }
    assert_true(inside > 1000u * s * s);
}
