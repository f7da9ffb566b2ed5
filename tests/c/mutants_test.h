/* Tests written to kill surviving mutants (tests/c/mutants_test.c), run by rl_api_test. */
#ifndef RL_MUTANTS_TEST_H
#define RL_MUTANTS_TEST_H

void rl_test_mutants(int *passed, int *failed);

#endif
