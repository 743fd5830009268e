import re,statistics as st,sys
rows={'before':[], 'after':[]}
for line in open(sys.argv[1]):
    m=re.match(r'(before|after) (\d+)\s+\S+\s+load ([\d.]+)\s+baseline (\d+)\s+prevent (\d+) = ([\d.]+) %.*enforce (\d+) = ([\d.]+) %',line)
    if m: rows[m[1]].append((int(m[2]),float(m[3]),int(m[4]),int(m[5]),float(m[6]),int(m[7]),float(m[8])))
for side in ('before','after'):
    r=rows[side]
    if not r: continue
    print(f"#   {side:6} n={len(r)} load {st.median([x[1] for x in r]):.1f} baseline {st.median([x[2] for x in r]):.0f} prevent {st.median([x[3] for x in r]):.0f} = {st.median([x[4] for x in r]):.2f} % enforce {st.median([x[5] for x in r]):.0f} = {st.median([x[6] for x in r]):.2f} %")
b={x[0]:x for x in rows['before']}; a={x[0]:x for x in rows['after']}
pairs=[i for i in a if i in b]
g=lambda j: sum(1 for i in pairs if a[i][j]>b[i][j])
print(f"#      pairs {len(pairs)}: after>before gps prevent {g(3)}/{len(pairs)} enforce {g(5)}/{len(pairs)}; share prevent {g(4)}/{len(pairs)} enforce {g(6)}/{len(pairs)}")
if pairs:
    import math
    rp=[a[i][3]/b[i][3] for i in pairs]; re_=[a[i][5]/b[i][5] for i in pairs]
    print(f"#      median after/before ratio per pair: prevent {st.median(rp):.3f}, enforce {st.median(re_):.3f}; geometric mean prevent {math.exp(sum(map(math.log,rp))/len(rp)):.3f}, enforce {math.exp(sum(map(math.log,re_))/len(re_)):.3f}")
