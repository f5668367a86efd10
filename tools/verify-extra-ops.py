# Extra mutation operators for ../shared/tools/verify-mutants (loaded with --extra-ops), aimed at
# verifier checks that the shared corpus's 56 kinds do not reach. They make a held-out-style set
# to measure the verifier on:
#   verify-mutants --seed 11 --ops extra --extra-ops tools/verify-extra-ops.py --target 400 \
#       target/corpus/llvm-test /tmp/extra
#   ../shared/tools/conformance --bin target/release/llrs --only verify /tmp/extra
# Each operator takes (mod, rng) and returns the mutated text or None (see verify-mutants).


def _insts(mod, opcodes):
    return [it for f, b, it in all_items(mod) if it.opcode in opcodes and it.end == it.start + 1]


def _attach(mod, rng, opcodes, kind, bodies):
    it = pick(rng, _insts(mod, opcodes))
    if not it:
        return None
    n, = mod.new_md(1)
    e = Edit(mod)
    e.set(it.start, append_md(mod.lines[it.start], kind, '!%d' % n))
    e.append.append('!%d = %s' % (n, rng.choice(bodies)))
    return e.render()


@op('fpmath-bad', 'fpmath accuracy not a positive number!', r'= f(add|sub|mul|div) ', extra=True)
def op_fpmath(mod, rng):
    return _attach(mod, rng, {'fadd', 'fsub', 'fmul', 'fdiv'}, 'fpmath',
                   ['!{float -1.0}', '!{float 0.0}', '!{double 2.5}', '!{}', '!{i32 1}', '!{float 1.0, float 2.0}'])


@op('fpmath-int', 'fpmath requires a floating point result!', r'= (add|sub|mul) ', extra=True)
def op_fpmath_int(mod, rng):
    return _attach(mod, rng, {'add', 'sub', 'mul', 'and', 'or'}, 'fpmath', ['!{float 2.5}'])


@op('annotation-bad', 'annotation must have at least one operand', r'^  ', extra=True)
def op_annotation(mod, rng):
    return _attach(mod, rng, BINOPS | {'load', 'store', 'call', 'icmp'}, 'annotation',
                   ['!{}', '!{i32 1}', '!{!{i32 2}}', '!{!"ok", i32 3}'])


@op('callsite-nocall', '!callsite metadata should only exist on calls', r'^  ', extra=True)
def op_callsite(mod, rng):
    return _attach(mod, rng, BINOPS | {'load', 'store', 'icmp'}, 'callsite', ['!{i64 1}'])


@op('noalias-as-bad', 'noalias.addrspace are only for memory operations!', r'^  ', extra=True)
def op_noalias_as(mod, rng):
    if rng.random() < 0.5:
        return _attach(mod, rng, BINOPS | {'icmp'}, 'noalias.addrspace', ['!{i32 0, i32 1}'])
    return _attach(mod, rng, {'load', 'store'}, 'noalias.addrspace',
                   ['!{i32 0, i32 0}', '!{i64 1, i64 2}', '!{i32 5, i32 2}', '!{}'])


@op('mmra-bad', '!mmra metadata attached to unexpected instruction kind', r'^  ', extra=True)
def op_mmra(mod, rng):
    if rng.random() < 0.5:
        return _attach(mod, rng, BINOPS | {'icmp'}, 'mmra', ['!{!"a", !"b"}'])
    return _attach(mod, rng, {'load', 'store', 'fence'}, 'mmra', ['!{i32 1}', '!{!"a"}', '!{!{i32 1}}'])


@op('atomic-order-bad', 'Store cannot have Acquire ordering', r'^  store ', extra=True)
def op_atomic_order(mod, rng):
    cands = [it for it in _insts(mod, {'store', 'load'})
             if ' atomic ' not in mod.lines[it.start] and ' volatile ' not in mod.lines[it.start]
             and re.search(r'^\s*(%\S+ = )?(load|store) (i\d+|ptr|float|double)\b', mod.lines[it.start])
             and re.search(r', align \d+', mod.lines[it.start])]
    it = pick(rng, cands)
    if not it:
        return None
    l = strip_comment(mod.lines[it.start])
    l = re.sub(r', !\S+ !\d+', '', l)
    if it.opcode == 'store':
        order = rng.choice(['acquire', 'acq_rel'])
        l = re.sub(r'\bstore ', 'store atomic ', l, count=1)
    else:
        order = rng.choice(['release', 'acq_rel'])
        l = re.sub(r'\bload ', 'load atomic ', l, count=1)
    l = re.sub(r', align (\d+)', r' ' + order + r', align \1', l, count=1)
    e = Edit(mod)
    e.set(it.start, l)
    return e.render()


@op('dllimport-def', 'Global is marked as dllimport, but not external', r'^@\S+ = (global|constant) ', extra=True)
def op_dllimport(mod, rng):
    cands = [(i, l) for i, l in enumerate(mod.lines) if re.match(r'^@' + NAME + r' = (global|constant) ', l)]
    c = pick(rng, cands)
    if not c:
        return None
    i, l = c
    e = Edit(mod)
    e.set(i, re.sub(r' = (global|constant) ', lambda m: ' = dllimport ' + m.group(1) + ' ', l, count=1))
    return e.render()


@op('kcfi-type-bad', '!kcfi_type must take exactly one operand', r'^define ', extra=True)
def op_kcfi(mod, rng):
    f = pick(rng, mod.funcs)
    if not f:
        return None
    n, = mod.new_md(1)
    h = f.header
    k = h.rfind('{')
    if k < 0:
        return None
    e = Edit(mod)
    e.set(f.start, h[:k].rstrip() + ' !kcfi_type !%d {' % n + h[k + 1:])
    e.append.append('!%d = %s' % (n, rng.choice(['!{}', '!{i64 1}', '!{!"x"}', '!{i32 1, i32 2}'])))
    return e.render()


@op('fn-prof-bad', 'first operand should be a function_entry_count', r'^define ', extra=True)
def op_fn_prof(mod, rng):
    f = pick(rng, mod.funcs)
    if not f:
        return None
    n, = mod.new_md(1)
    h = f.header
    k = h.rfind('{')
    if k < 0:
        return None
    e = Edit(mod)
    e.set(f.start, h[:k].rstrip() + ' !prof !%d {' % n + h[k + 1:])
    e.append.append('!%d = %s' % (n, rng.choice([
        '!{!"branch_weights", i32 1}', '!{!"function_entry_count"}', '!{!"function_entry_count", !"x"}',
        '!{i32 1, i64 2}', '!{!"synthetic_function_entry_count", i64 -1, i64 2}'])))
    return e.render()


@op('associated-bad', 'associated metadata must have one operand', r'^@\S+ = ', extra=True)
def op_associated(mod, rng):
    cands = [(i, l) for i, l in enumerate(mod.lines)
             if re.match(r'^@' + NAME + r' = (internal |private |external |dso_local )*(global|constant) ', l)
             and ', !' not in l]
    c = pick(rng, cands)
    if not c:
        return None
    i, l = c
    n, = mod.new_md(1)
    e = Edit(mod)
    e.set(i, strip_comment(l) + ', !associated !%d' % n)
    e.append.append('!%d = %s' % (n, rng.choice(['!{}', '!{i32 1}', '!{ptr null, ptr null}', '!{!"x"}'])))
    return e.render()


@op('absolute-symbol-bad', 'Range must not be empty!', r'^@\S+ = ', extra=True)
def op_abs_symbol(mod, rng):
    cands = [(i, l) for i, l in enumerate(mod.lines)
             if re.match(r'^@' + NAME + r' = (external )?(global|constant) ', l) and ', !' not in l]
    c = pick(rng, cands)
    if not c:
        return None
    i, l = c
    n, = mod.new_md(1)
    e = Edit(mod)
    e.set(i, strip_comment(l) + ', !absolute_symbol !%d' % n)
    e.append.append('!%d = %s' % (n, rng.choice(['!{i64 0, i64 0}', '!{i32 0, i32 5}', '!{i64 5, i64 1, i64 2}', '!{}'])))
    return e.render()
