#!/bin/bash
# usage: pairs.sh AFTER_DIR N OUT ; alternating before (/tmp/sim58/base) and after, before first
after=$1; n=$2; out=$3
for i in $(seq 1 $n); do
  for side in before after; do
    d=/tmp/sim58/base; [ $side = after ] && d=$after
    load=$(cut -d' ' -f1 /proc/loadavg); t=$(date +%H:%M:%S)
    r=$(cd $d && nice -n 10 node_modules/.bin/tsx -e 'import("./bench/simulate.bench.ts").then((m) => m.bench())' 2>&1)
    base=$(echo "$r" | sed -n 's/^baseline.*: \([0-9]*\) games.*/\1/p')
    pv=$(echo "$r" | grep "siamese prevent" | sed -n 's/.*: \([0-9]*\) games per CPU second = \([0-9.]*\) %.*mean \([0-9.]*\) turns.*/\1 = \2 % (\3 turns)/p')
    en=$(echo "$r" | grep "siamese enforce" | sed -n 's/.*: \([0-9]*\) games per CPU second = \([0-9.]*\) %.*mean \([0-9.]*\) turns.*/\1 = \2 % (\3 turns)/p')
    echo "$side $i  $t  load $load  baseline $base  prevent $pv  enforce $en" | tee -a $out
  done
done
