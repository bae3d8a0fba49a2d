import { readdirSync, readFileSync } from 'node:fs'

/**
 * A process and everything it started, read from /proc (Linux): who they are, how much memory they use
 * together, and ending them all at once. The review engine's child process and its Chromiums
 * (engine-process.ts, docs/decisions/013-review-engine-process.md) are watched and killed with it.
 * Every function is synchronous and bounded by the number of processes on the machine.
 */

/**
 * A process as /proc shows it: its id, its start time (which tells it apart from a later one with the
 * same id) and its command name.
 */
export type TreeProcess = { pid: number; startTime: string; name: string }

type StatLine = { ppid: number; startTime: string; state: string; name: string }

/** /proc/<pid>/stat's fields after the command name, which may hold spaces and parentheses. */
function readStat(pid: number): StatLine | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // state (3), ppid (4), ..., starttime (22): fields[0] is field 3.
    return {
      state: fields[0] ?? '',
      ppid: Number(fields[1]),
      startTime: fields[19] ?? '',
      name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
    }
  } catch {
    return null
  }
}

/** `root` and its descendants (children first found through their parent), `root` first; [] when it is gone. */
export function processTree(root: number): TreeProcess[] {
  const children = new Map<number, number[]>()
  const known = new Map<number, StatLine>()
  let entries: string[]
  try {
    entries = readdirSync('/proc')
  } catch {
    return []
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue
    const pid = Number(entry)
    const stat = readStat(pid)
    // A zombie holds no memory and cannot be killed again: it is as good as gone.
    if (!stat || stat.state === 'Z') continue
    known.set(pid, stat)
    const siblings = children.get(stat.ppid)
    if (siblings) siblings.push(pid)
    else children.set(stat.ppid, [pid])
  }
  const rootStat = known.get(root)
  if (rootStat === undefined) return []
  const tree: TreeProcess[] = [{ pid: root, startTime: rootStat.startTime, name: rootStat.name }]
  // Breadth first over a finite map; `seen` guards against a pid listed twice.
  const seen = new Set([root])
  for (let i = 0; i < tree.length; i++) {
    for (const child of children.get(tree[i]?.pid ?? 0) ?? []) {
      if (seen.has(child)) continue
      seen.add(child)
      tree.push({
        pid: child,
        startTime: known.get(child)?.startTime ?? '',
        name: known.get(child)?.name ?? '',
      })
    }
  }
  return tree
}

/** Whether this very process (same id, same start) still runs; a zombie does not count. */
export function isAlive(process: TreeProcess): boolean {
  const stat = readStat(process.pid)
  return stat !== null && stat.state !== 'Z' && stat.startTime === process.startTime
}

/**
 * A process's memory in bytes: its proportional set size (PSS), so pages Chromium's processes share are
 * counted once over the tree and not once per process; its resident size when PSS cannot be read.
 */
function memoryOf(pid: number): number {
  try {
    const pss = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1]
    if (pss !== undefined) return Number(pss) * 1024
  } catch {
    // Gone, or not ours to read: the resident size below.
  }
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1])
    return Number.isFinite(pages) ? pages * 4096 : 0
  } catch {
    return 0
  }
}

/** The memory (bytes, PSS) of these processes together. */
export function treeMemory(tree: readonly TreeProcess[]): number {
  let total = 0
  for (const { pid } of tree) total += memoryOf(pid)
  return total
}

function signal(process: TreeProcess, name: NodeJS.Signals) {
  if (!isAlive(process)) return
  try {
    globalThis.process.kill(process.pid, name)
  } catch {
    // Ended meanwhile.
  }
}

/**
 * Ends `root`'s whole tree, and `known` (processes seen in it earlier, which may have left it when their
 * parent died): all are stopped first, so none can start another while the others are killed, then the
 * tree is read again for any started meanwhile, and everything is killed.
 */
export function killTree(root: number, known: readonly TreeProcess[] = []): TreeProcess[] {
  const all = new Map<number, TreeProcess>()
  for (const process of known) all.set(process.pid, process)
  // Two passes: a process started between the first read and its parent's stop is found by the second.
  for (let pass = 0; pass < 2; pass++) {
    for (const process of processTree(root)) {
      all.set(process.pid, process)
      signal(process, 'SIGSTOP')
    }
  }
  for (const process of all.values()) signal(process, 'SIGKILL')
  return [...all.values()]
}
