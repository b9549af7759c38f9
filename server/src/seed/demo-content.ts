import type { OrderNature } from '@hotline/domain';
import type { DemoUnit } from './demo-org';
import { SERVICE_TOPICS } from './demo-text-services';
import { URBAN_TOPICS, type Topic } from './demo-text';
import type { Rng } from './random';

/** Composes the Chinese text of demo orders from the topic fragments. Everyone is fictional. */

export const TOPICS: readonly Topic[] = [...URBAN_TOPICS, ...SERVICE_TOPICS];

const SURNAMES = [
  ...'王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕苏卢蒋蔡贾丁魏薛',
];
const GIVEN = (
  '伟 芳 娜 敏 静 丽 强 磊 军 洋 勇 艳 杰 涛 明 超 秀英 桂兰 玉兰 建华 建国 志强 海燕 春梅 晓东 ' +
  '文博 子涵 雨桐 立新 淑珍 振华 国庆 红梅 家豪 思远 宏伟 丽娟 凤英 德明 俊峰'
).split(' ');
const MOBILE_PREFIXES =
  '130 131 133 135 136 137 139 150 151 152 155 158 159 166 177 180 185 186 187 189 199'.split(' ');

/** Roads of each street or town, by unit code. */
const ROADS: Readonly<Record<string, readonly string[]>> = {
  S01: ['望湖路', '湖光北街', '镜园东路'],
  S02: ['柳荫西路', '春晖路', '柳荫北街'],
  S03: ['金桥大街', '银河北路', '金桥东路'],
  S04: ['文华东路', '书院路', '新华街'],
  T01: ['河口大街', '北庄路'],
  T02: ['青山路', '松林路'],
  T03: ['石门路', '西沟路'],
};
const ROAD_SPOTS = ['与', '路口', '公交站附近', '地铁站出口', '菜市场门口', '底商门前'];

export function personName(rng: Rng): string {
  return rng.pick(SURNAMES) + rng.pick(GIVEN);
}

export function callerName(rng: Rng): string {
  if (rng.chance(0.35)) return personName(rng);
  return rng.pick(SURNAMES) + (rng.chance(0.5) ? '先生' : '女士');
}

export function callerPhone(rng: Rng): string {
  return rng.pick(MOBILE_PREFIXES) + rng.digits(8);
}

/** Where an order is: the full address and a short place name for titles. */
export interface Place {
  address: string;
  short: string;
  /** A road or crossing rather than a home. */
  road: boolean;
}

export function makePlace(
  rng: Rng,
  district: string,
  host: DemoUnit,
  community: DemoUnit,
  road: boolean,
): Place {
  const roads = ROADS[host.code] ?? ['中心路'];
  if (road && rng.chance(0.85)) {
    const r = rng.pick(roads);
    const spot = rng.pick(ROAD_SPOTS);
    const where =
      spot === '与' ? `${r}与${rng.pick(roads.filter((x) => x !== r))}交叉口` : r + spot;
    return { address: `${district}${host.name}${where}`, short: r, road: true };
  }
  const base = community.name.replace(/社区$/, '');
  if (community.kind === 'village') {
    return {
      address: `${district}${host.name}${base}${rng.int(1, 240)}号院`,
      short: base,
      road: false,
    };
  }
  const estate = /[里园苑坊湾]$/.test(base) ? base : `${base}小区`;
  const building = `${estate}${rng.int(1, 36)}号楼${rng.int(1, 6)}单元${rng.int(1, 18)}0${rng.int(1, 4)}`;
  return { address: `${district}${host.name}${building}`, short: estate, road: false };
}

const DURATIONS = ['三四天', '一周左右', '半个多月', '一个多月', '两个多月', '近半年'];
const IMPACTS = [
  '，严重影响周边居民的正常生活。',
  '，周边居民意见很大。',
  '，此前曾向社区反映过，但一直没有解决。',
  '，来电人多次找物业和社区均未得到答复。',
  '。',
];
const CLOSINGS = [
  '请相关部门尽快核实处理。',
  '来电人要求办理后回复。',
  '来电人表示如仍不解决将继续反映。',
  '来电人希望尽快得到答复。',
];
const DETAILS = [
  '来电人表示已拍照留存，可配合工作人员核实。',
  '来电人称周边不少居民都有同样的困扰。',
  '来电人希望工作人员到现场实地查看。',
  '来电人表示此前已通过其他渠道反映过，至今没有明确答复。',
  '来电人称家中有老人和孩子，对此十分担忧。',
  '来电人表示方便时可以随时联系本人。',
];
const QUESTION_DETAILS = [
  '来电人表示此前在网上查询过相关信息，但没有找到明确的说明。',
  '来电人希望工作人员电话联系并详细解答。',
  '来电人表示工作日白天方便接听电话。',
  '来电人称曾到窗口咨询，但工作人员的解释不够清楚。',
];
/** Contents shorter than this get another detail sentence. */
const MIN_CONTENT = 90;

export interface OrderText {
  title: string;
  content: string;
}

/** Title and content (roughly 80–300 characters) of one order. */
export function composeOrder(
  rng: Rng,
  topic: Topic,
  place: Place,
  nature: OrderNature,
  callerCount: number,
  hostName: string,
): OrderText {
  if (nature === 'praise') {
    return {
      title: `表扬${hostName}工作人员`,
      content:
        `来电人表示，此前反映的${place.address}${rng.pick(topic.titles)}问题，` +
        `${hostName}工作人员积极协调、上门沟通，问题很快就得到了解决。来电人对处理结果非常满意，` +
        '特来电表扬，希望向相关工作人员转达谢意。',
    };
  }
  const problem = rng.pick(topic.problems);
  const subject = rng.pick(topic.titles);
  const question = problem.startsWith('来电人');
  const title = !question && rng.chance(0.5) ? place.short + subject.replace(/^小区/, '') : subject;
  const parts: string[] = [];
  if (question) {
    parts.push(`${problem}。来电人住址：${place.address}。`);
  } else if (place.road) {
    parts.push(`来电人反映，${place.address}，${problem}`);
  } else {
    parts.push(
      rng.pick([`来电人反映：其居住的${place.address}，`, `市民来电称，${place.address}，`]) +
        problem,
    );
  }
  if (!question) {
    const ongoing = nature === 'complaint' || nature === 'report';
    parts.push(ongoing ? `，该问题已持续${rng.pick(DURATIONS)}${rng.pick(IMPACTS)}` : '。');
  }
  if (callerCount > 1) parts.push(`来电人代表周边${callerCount}户居民反映。`);
  const details = rng.sample(question ? QUESTION_DETAILS : DETAILS, 3);
  if (rng.chance(0.6)) parts.push(details.pop() ?? '');
  parts.push(`来电人希望${rng.pick(topic.requests)}。`);
  if (rng.chance(0.6)) parts.push(rng.pick(CLOSINGS));
  for (const extra of details) {
    if (parts.join('').length >= MIN_CONTENT) break;
    parts.splice(parts.length - 1, 0, extra);
  }
  return { title, content: parts.join('') };
}

const UNRESOLVED_REPLIES = [
  '该问题涉及历史遗留问题，需要多部门协调解决，目前正在推进中，已向来电人做好解释工作',
  '来电人诉求不符合现行政策规定，已向来电人做好政策解释',
  '该事项已列入明年改造计划，受资金和工期限制暂时无法解决，已向来电人说明情况',
];
const CONTACT_LINES = [
  '已电话联系来电人告知处理结果，来电人表示认可。',
  '工作人员已上门向来电人说明情况，来电人表示理解。',
  '已联系来电人反馈办理情况。',
];
const NOT_CONTACTED_LINES = [
  '多次联系来电人均未接通，已短信告知处理结果。',
  '来电人电话关机，已通过社区转告。',
];

export function composeReply(
  rng: Rng,
  topic: Topic,
  hostName: string,
  nature: OrderNature,
  resolved: boolean,
  contacted: boolean,
): string {
  const contact = contacted ? rng.pick(CONTACT_LINES) : rng.pick(NOT_CONTACTED_LINES);
  if (nature === 'praise') return `已将来电人的表扬转达${hostName}相关工作人员。${contact}`;
  const body = resolved ? rng.pick(topic.replies) : rng.pick(UNRESOLVED_REPLIES);
  return `${hostName}答复：${body}。${contact}`;
}
