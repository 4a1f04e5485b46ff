#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz entry point: $SRC/pips is the repository; the
# environment ($CXX, $CXXFLAGS, $LIB_FUZZING_ENGINE, $OUT, $WORK) comes from
# the base-builder image. The work is in fuzz/build.sh.
"$SRC/pips/fuzz/build.sh"
