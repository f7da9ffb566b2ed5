/* The shipped core uses the right formulas, and nothing can change that: this
 * file is left out of the native testing library, which brings its own
 * rl_formulas_in_use() (core/testing/faults.c). */
#include "formulas.h"

const rl_formulas *rl_formulas_in_use(void) { return &rl_right_formulas; }
