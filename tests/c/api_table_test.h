/* The field table and request reader edge tests, run by rl_api_test. */
#ifndef RL_API_TABLE_TEST_H
#define RL_API_TABLE_TEST_H

#include "roofline.h"

void rl_test_tables(int *passed, int *failed);

#endif
