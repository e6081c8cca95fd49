// The open API's code samples, one source for the demo pages (/pythonDemo …), the API page's examples tab and
// e2e/code-samples.test.ts, which runs each program as written against a served platform.
import { cSample } from './c';
import { javaSample } from './java';
import { DEFAULT_KEYWORD, type SampleInput } from './literal';
import { phpSample } from './php';
import { pythonSample } from './python';
import { curlSample, nodeSample } from './shell';

export { DEFAULT_KEYWORD, PLACEHOLDER_KEY, type SampleInput } from './literal';

/** A complete program: search → the first account's articles → balance. */
export interface ProgramSample {
  key: 'python' | 'php' | 'c' | 'java';
  label: string;
  /** The dashboard route of its page. */
  route: string;
  filename: string;
  /** Debian packages it needs. */
  packages: string;
  /** Shell commands that run it, in its folder; the keyword argument is optional. */
  run: string[];
  /** What it prints, in words. */
  prints: string;
  code: (input: SampleInput) => string;
}

const THREE_CALLS =
  '依次调用 search（搜索公众号）、articles（第一个公众号的最新 5 篇文章）与 balance（剩余次数）';

export const PROGRAMS: ProgramSample[] = [
  {
    key: 'python',
    label: 'Python',
    route: '/pythonDemo',
    filename: 'demo.py',
    packages: 'python3',
    run: ['python3 demo.py', 'python3 demo.py 关键词'],
    prints: `${THREE_CALLS}，逐行打印搜索到的公众号（mid、名称、微信号）、文章（发布时间、阅读、点赞、标题）和剩余调用次数。`,
    code: pythonSample,
  },
  {
    key: 'php',
    label: 'PHP',
    route: '/phpDemo',
    filename: 'demo.php',
    packages: 'php-cli php-curl',
    run: ['php demo.php', 'php demo.php 关键词'],
    prints: `${THREE_CALLS}，逐行打印搜索到的公众号（mid、名称、微信号）、文章（发布时间、阅读、点赞、标题）和剩余调用次数。`,
    code: phpSample,
  },
  {
    key: 'c',
    label: 'C',
    route: '/cDemo',
    filename: 'demo.c',
    packages: 'gcc libcurl4-openssl-dev',
    run: ['gcc demo.c -o demo -lcurl', './demo', './demo 关键词'],
    prints: `${THREE_CALLS}，每次打印请求、HTTP 状态和原样的 JSON 回答，并打印从搜索结果中取出的第一个公众号 mid。`,
    code: cSample,
  },
  {
    key: 'java',
    label: 'Java',
    route: '/javaDemo',
    filename: 'Demo.java',
    packages: 'openjdk-17-jdk-headless（JDK 11 及以上）',
    run: ['java Demo.java', 'java Demo.java 关键词'],
    prints: `${THREE_CALLS}，每次打印请求、HTTP 状态和原样的 JSON 回答，并打印从搜索结果中取出的第一个公众号 mid。`,
    code: javaSample,
  },
];

/** The tabs of the API page's examples: one curl line, the four programs and Node.js. */
export function exampleTabs(origin: string, apiKey: string): { key: string; label: string; code: string }[] {
  const input = { origin, apiKey, keyword: DEFAULT_KEYWORD };
  return [
    { key: 'curl', label: 'curl', code: curlSample(input) },
    ...PROGRAMS.map((p) => ({ key: p.key, label: p.label, code: p.code(input) })),
    { key: 'node', label: 'Node.js', code: nodeSample(input) },
  ];
}
