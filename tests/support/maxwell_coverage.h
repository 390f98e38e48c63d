/* Triangle coverage against edge functions computed in the test, for the
 * Maxwell triangle scenes (a frame of a w x h target presented at
 * `scale`): a pixel whose centre is more than a pixel inside every edge
 * shows the triangle (its colours, barycentric weights of red, green and
 * blue, sum to one), one more than a pixel outside any edge the clear
 * colour; fails the test otherwise, or when the triangle covers fewer
 * than 1000 scale^2 pixels. */
#ifndef GLHLE_TEST_MAXWELL_COVERAGE_H
#define GLHLE_TEST_MAXWELL_COVERAGE_H

#include <stdint.h>

void tm_check_triangle(const uint8_t *rgba, uint32_t w, uint32_t h, uint32_t scale, const float corners[3][2],
                       uint8_t clear, const char *what);

#endif
