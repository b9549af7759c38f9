import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The problem-category tree (问题分类) of a Beijing-style 12345 hotline: level 1 is the field,
 * level 2 the matter, level 3 the concrete problem. Codes follow the position:
 * 'C01' → 'C0101' → 'C010101'. Level-3 names are unique, so the demo seed can find them by name.
 */
type Level2 = readonly [name: string, children: readonly string[]];
type Level1 = readonly [name: string, children: readonly Level2[]];

export const CATEGORY_TREE: readonly Level1[] = [
  [
    '城乡建设',
    [
      ['市政设施', ['路灯不亮', '道路破损', '井盖缺失破损', '公共厕所管理']],
      ['违法建设', ['私搭乱建', '违规装修改建', '擅自占用绿地']],
      ['建筑施工', ['施工夜间扰民', '施工扬尘', '渣土遗撒']],
      ['供暖', ['小区供暖不热', '供暖停暖', '供暖收费']],
      ['供水排水', ['停水', '水质异常', '污水外溢']],
      ['燃气供电', ['燃气故障', '停电', '电力设施隐患']],
    ],
  ],
  [
    '环境保护',
    [
      ['噪声污染', ['噪音扰民', '商业经营噪音', '交通噪音']],
      ['大气污染', ['餐饮油烟', '露天焚烧', '工业废气']],
      ['环境卫生', ['垃圾清运不及时', '垃圾分类', '道路清扫保洁']],
      ['水污染', ['河道污染', '违法排污']],
      ['园林绿化', ['树木修剪', '绿地养护', '病虫害防治']],
    ],
  ],
  [
    '交通管理',
    [
      ['停车管理', ['违章停车', '停车收费', '共享单车乱停放']],
      ['道路交通', ['交通信号灯故障', '交通拥堵', '交通标志标线']],
      ['公共交通', ['公交线路调整', '公交站点设置', '出租车服务']],
      ['非法营运', ['黑车揽客', '非法营运三轮车']],
    ],
  ],
  [
    '市场监管',
    [
      ['食品安全', ['餐饮卫生', '过期食品', '无证生产加工']],
      ['消费维权', ['预付卡退费', '商品质量', '价格欺诈']],
      ['无照经营', ['占道经营', '流动摊贩']],
      ['广告监管', ['虚假广告', '违规户外广告']],
    ],
  ],
  [
    '劳动和社会保障',
    [
      ['劳动关系', ['拖欠工资', '劳动合同纠纷', '违法解除劳动合同']],
      ['社会保险', ['医保报销', '养老保险', '社保缴纳']],
      ['就业服务', ['就业招聘', '职业技能培训']],
      ['社会救助', ['最低生活保障', '临时救助', '残疾人补贴']],
    ],
  ],
  [
    '教育',
    [
      ['招生入学', ['学校招生', '幼儿入园', '学籍转学']],
      ['校外培训', ['培训机构退费', '违规培训']],
      ['学校管理', ['学校收费', '校园周边安全', '课后服务']],
    ],
  ],
  [
    '卫生健康',
    [
      ['医疗服务', ['医疗服务态度', '就医挂号', '医疗纠纷']],
      ['公共卫生', ['病媒生物防治', '传染病防控']],
      ['药品管理', ['药品价格', '药店经营']],
      ['妇幼健康', ['生育登记', '疫苗接种']],
    ],
  ],
  [
    '住房保障',
    [
      ['保障性住房', ['公租房申请', '共有产权房', '保障房配租']],
      ['房屋租赁', ['群租房', '租赁押金纠纷', '房产中介服务']],
      ['房屋安全', ['老旧房屋安全', '房屋漏雨']],
      ['老旧小区改造', ['加装电梯', '外墙保温', '管线改造']],
    ],
  ],
  [
    '物业管理',
    [
      ['物业服务', ['物业收费', '物业服务质量', '物业更替']],
      ['公共设施维修', ['电梯故障', '楼道照明', '屋顶漏水']],
      ['小区秩序', ['小区停车', '楼道堆物', '违规饲养宠物']],
      ['业主自治', ['业委会成立', '维修资金使用']],
    ],
  ],
  [
    '公共安全',
    [
      ['消防安全', ['消防通道占用', '电动车违规充电', '消防设施损坏']],
      ['治安管理', ['扰乱公共秩序', '可疑人员']],
      ['安全生产', ['燃气安全隐患', '危险化学品']],
      ['应急管理', ['防汛排涝', '地质灾害隐患']],
    ],
  ],
  [
    '农业农村',
    [
      ['农村建设', ['村内道路', '农村厕所改造', '村容村貌']],
      ['土地管理', ['土地流转', '宅基地纠纷', '违法占用耕地']],
      ['农业生产', ['农资质量', '动物防疫']],
      ['村务管理', ['村务公开', '集体收益分配']],
    ],
  ],
  [
    '政务服务',
    [
      ['办事服务', ['办事效率', '工作人员态度']],
      ['政策咨询', ['户籍办理', '居住证办理', '惠民政策']],
      ['热线服务', []],
    ],
  ],
];

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** Insert the category tree once; a database that already has categories is left alone. */
export async function seedCategories(db: Kysely<Database>): Promise<void> {
  const existing = await db
    .selectFrom('problem_categories')
    .select('id')
    .limit(1)
    .executeTakeFirst();
  if (existing) return;

  await db.transaction().execute(async (trx) => {
    const level1 = await trx
      .insertInto('problem_categories')
      .values(
        CATEGORY_TREE.map(([name], i) => ({
          code: `C${pad2(i + 1)}`,
          name,
          level: 1,
          sort: i + 1,
        })),
      )
      .returning(['id', 'code'])
      .execute();
    const level1Id = new Map(level1.map((r) => [r.code, r.id]));

    const level2Rows = CATEGORY_TREE.flatMap(([, children], i) =>
      children.map(([name], j) => ({
        code: `C${pad2(i + 1)}${pad2(j + 1)}`,
        name,
        level: 2,
        sort: j + 1,
        parent_id: level1Id.get(`C${pad2(i + 1)}`) ?? null,
      })),
    );
    const level2 = await trx
      .insertInto('problem_categories')
      .values(level2Rows)
      .returning(['id', 'code'])
      .execute();
    const level2Id = new Map(level2.map((r) => [r.code, r.id]));

    const level3Rows = CATEGORY_TREE.flatMap(([, children], i) =>
      children.flatMap(([, leaves], j) =>
        leaves.map((name, k) => ({
          code: `C${pad2(i + 1)}${pad2(j + 1)}${pad2(k + 1)}`,
          name,
          level: 3,
          sort: k + 1,
          parent_id: level2Id.get(`C${pad2(i + 1)}${pad2(j + 1)}`) ?? null,
        })),
      ),
    );
    await trx.insertInto('problem_categories').values(level3Rows).execute();
  });
}
