#!/bin/bash
# usage: cg.sh bundle N label
b=$1; n=$2; l=$3
NODIGEST=1 N=$n W=300 nice -n 10 valgrind --tool=cachegrind --cache-sim=no --smc-check=all-non-file --cachegrind-out-file=/tmp/sim58/cg.$l.$n.out node --single-threaded $b > /tmp/sim58/cg.$l.$n.log 2>&1
grep -h "I *refs" /tmp/sim58/cg.$l.$n.log
