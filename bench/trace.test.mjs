import {describe, expect, it} from 'vitest';
import {activityOf, median, summarise} from './trace.mjs';

const origin = 'http://127.0.0.1:4000';
const main = {pid: 1, tid: 1};
/** A complete event of the page's main thread; times in ms, written to the trace in µs as Chromium does. */
const x = (name, ts, dur, tdur, args = {}, thread = main) => ({...thread, ph: 'X', name, ts: ts * 1000, dur: dur * 1000, tdur: tdur * 1000, args});

function pageLoad() {
  return [
    // Before the document: the blank page's work, not the page's.
    x('RunTask', 0, 200, 200),
    x('EvaluateScript', 10, 150, 150, {data: {url: 'about:blank'}}),
    // Task 1: parsing the document (20 ms).
    x('RunTask', 1000, 20, 20),
    x('ParseHTML', 1000, 20, 20, {beginData: {url: `${origin}/docs/a`}}),
    // Task 2: main.js runs 100 ms (80 ms of thread time); 10 ms of it is a garbage collection.
    x('RunTask', 1100, 100, 80),
    x('EvaluateScript', 1100, 90, 70, {data: {url: `${origin}/assets/js/main.abc.js`}}),
    x('MinorGC', 1150, 10, 10),
    // Task 3: a route chunk, 30 ms.
    x('RunTask', 1300, 30, 30),
    x('EvaluateScript', 1300, 30, 30, {data: {url: `${origin}/assets/js/12.def.js`}}),
    // Task 4: after every file ran: a React render in main.js (60 ms), then layout (B/E pair, 15 ms).
    x('RunTask', 1400, 80, 80),
    x('FunctionCall', 1400, 60, 60, {data: {url: `${origin}/assets/js/main.abc.js`}}),
    {...main, ph: 'B', name: 'Layout', ts: 1462_000, tts: 5_000, args: {}},
    {...main, ph: 'E', name: 'Layout', ts: 1477_000, tts: 20_000, args: {}},
    // Another renderer's thread: ignored.
    x('RunTask', 1000, 500, 500, {}, {pid: 2, tid: 2}),
    x('EvaluateScript', 1000, 500, 500, {data: {url: 'http://elsewhere/x.js'}}, {pid: 2, tid: 2}),
  ];
}

describe('summarise', () => {
  const s = summarise(pageLoad(), origin);

  it('counts self time per activity from the page document on, on the thread that parsed it', () => {
    expect(s.activities).toMatchObject({script: 80 + 30 + 60, gc: 10, 'HTML & CSS parsing': 20, 'style & layout': 15});
    expect(s.scriptMs).toBe(180);
    expect(s.busyMs).toBe(215);
  });

  it('counts thread time apart from wall time', () => {
    expect(s.scriptCpuMs).toBe(60 + 10 + 30 + 60);
    expect(s.cpuActivities['style & layout']).toBe(15);
  });

  it('charges script to the file that ran it, nested events included', () => {
    expect(s.scriptByUrl).toEqual({'/assets/js/main.abc.js': 150, '/assets/js/12.def.js': 30});
  });

  it('splits script time into phases around the files evaluation', () => {
    expect(s.phases).toEqual({
      'inline scripts and parsing before main.js': 0,
      'main.js evaluation': 90,
      'other script files evaluation': 30,
      'after the last file evaluated (hydration, effects, deferred work)': 60,
    });
  });

  it('lists long tasks (over 50 ms) with their main activity and blocking time', () => {
    expect(s.longTasks).toEqual([
      {startMs: 100, durMs: 100, what: 'script /assets/js/main.abc.js', pageWorkMs: 90},
      {startMs: 400, durMs: 80, what: 'script /assets/js/main.abc.js', pageWorkMs: 75},
    ]);
    expect(s.longTaskCount).toBe(2);
    expect(s.blockingMs).toBe(50 + 30);
  });

  it('has no sampled profile when the trace has no samples', () => {
    expect(s.sampledScriptByUrl).toBeUndefined();
  });

  it('refuses a trace in which the page never parsed', () => {
    expect(() => summarise(pageLoad().filter((e) => e.name !== 'ParseHTML'), origin)).toThrow(/no ParseHTML of http:\/\/127\.0\.0\.1:4000/);
  });
});

describe('sampled script time', () => {
  it('charges samples to files by the main thread profile id, whatever thread emitted the chunk', () => {
    const events = [
      ...pageLoad(),
      {...main, ph: 'P', name: 'Profile', id: '0x1', args: {data: {startTime: 0}}},
      {
        pid: 1,
        tid: 9,
        ph: 'P',
        name: 'ProfileChunk',
        id: '0x1',
        args: {
          data: {
            cpuProfile: {
              nodes: [
                {id: 1, callFrame: {functionName: '(root)', url: ''}},
                {id: 2, callFrame: {functionName: 'a', url: `${origin}/assets/js/12.def.js`}, parent: 1},
                {id: 3, callFrame: {functionName: 'RegExp: ^/x$', url: ''}, parent: 2},
                {id: 4, callFrame: {functionName: 'appendChild', url: ''}, parent: 2},
              ],
              samples: [2, 2, 3, 4, 1],
            },
            timeDeltas: [1000, 2000, 500, 250, 9000],
          },
        },
      },
    ];
    expect(summarise(events, origin).sampledScriptByUrl).toEqual({
      '/assets/js/12.def.js': 3,
      '(regular expressions)': 1,
      '(DOM and other browser APIs called by script)': 0,
    });
  });
});

describe('helpers', () => {
  it('names activities', () => {
    expect(activityOf('EvaluateScript')).toBe('script');
    expect(activityOf('V8.GC_SCAVENGER')).toBe('gc');
    expect(activityOf('UpdateLayoutTree')).toBe('style & layout');
    expect(activityOf('Receive mojo message')).toBe('other');
  });
  it('takes medians of odd and even lists', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
