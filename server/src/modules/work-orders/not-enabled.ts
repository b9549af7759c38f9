import type { FastifyInstance } from 'fastify';
import { notEnabledResponse } from '@hotline/contract';
import { translate, type Lang } from '@hotline/domain';
import { READ_TAGS } from './list-access';

/**
 * Work-order paths of spec section 7 that no module of this deployment serves: their purpose
 * needs a system we do not have (AI, BI, GIS, the enterprise registry, appointment studio,
 * scoring, the city's escalation link), or the spec leaves it too unclear to guess (listed
 * in docs/api.md, "Not enabled in this deployment"). They answer 501 with the feature's name
 * instead of a bare 404. Paths are relative to /api/addons/jsjb; signed-in users only.
 */
export const WORK_ORDER_NOT_ENABLED: readonly { url: string; feature: Record<Lang, string> }[] = [
  {
    url: '/lists/queryWorkOrderSueCompanyInfo',
    feature: { zh: '企业信息查询', en: 'enterprise registry lookup' },
  },
  {
    url: '/queryWorkOrderSueCompanyInfo',
    feature: { zh: '企业信息查询', en: 'enterprise registry lookup' },
  },
  { url: '/lists/mapPoint', feature: { zh: '地图点位（GIS）', en: 'map points (GIS)' } },
  { url: '/auto/queryAiQiyou', feature: { zh: '智能企业查询', en: 'AI enterprise query' } },
  { url: '/Pybunarukaohe/gptchinesenlp', feature: { zh: '智能文本分析', en: 'AI text analysis' } },
  { url: '/Pybunarukaohe/wldkapi', feature: { zh: '智能文本分析', en: 'AI text analysis' } },
  {
    url: '/Ltwh.hph/getWhDataByAdminId',
    feature: { zh: '外部维护数据', en: 'external maintenance data' },
  },
  { url: '/bi/biToken', feature: { zh: 'BI 报表', en: 'BI reports' } },
  { url: '/Studio/yuyueMessageList', feature: { zh: '预约工作室', en: 'appointment studio' } },
  { url: '/Studio/yuyueMessageId', feature: { zh: '预约工作室', en: 'appointment studio' } },
  { url: '/Studio/yuyueMessagUpdate', feature: { zh: '预约工作室', en: 'appointment studio' } },
  { url: '/chong/getScore', feature: { zh: '评分系统', en: 'scoring system' } },
  { url: '/chong/addScore', feature: { zh: '评分系统', en: 'scoring system' } },
  {
    url: '/ft/handleSaveCode',
    feature: { zh: '分厅编码登记', en: 'service-hall code registration' },
  },
  {
    url: '/cy/queryAllDocumentaryIsShow',
    feature: { zh: '跟单显示设置', en: 'documentary display switch' },
  },
  {
    url: '/Dc/handleTiguaCity',
    feature: { zh: '提挂市级系统', en: 'escalation to the city system' },
  },
  {
    url: '/org/fillinBaolouPersonnel',
    feature: { zh: '包楼人员登记', en: 'building-responsibility staff registry' },
  },
  { url: '/redaction/queryReadFinish', feature: { zh: '阅办记录', en: 'read-and-finish records' } },
  {
    url: '/redaction/insertReadFinish',
    feature: { zh: '阅办记录', en: 'read-and-finish records' },
  },
  {
    url: '/lists/replyReturnZb',
    feature: { zh: '指标系统退回回复', en: 'indicator-system return reply' },
  },
  // Actions the lifecycle has no transition for yet; see docs/api.md for the proposed mapping.
  { url: '/sjs/endorseOrderSjs', feature: { zh: '领导批示', en: 'leader endorsement' } },
  { url: '/endorseOrderSjs', feature: { zh: '领导批示', en: 'leader endorsement' } },
  { url: '/Mtgdy/handleOrderAttribute', feature: { zh: '属性处理', en: 'attribute handling' } },
  { url: '/Cy/updateRequestType', feature: { zh: '诉求类型修改', en: 'request type change' } },
  { url: '/org/notifycompletionsubmit', feature: { zh: '办结通知', en: 'completion notice' } },
  {
    url: '/dc/updateCommunityHd',
    feature: { zh: '区级修改社区', en: 'community change by the district' },
  },
  { url: '/org/periodicReply', feature: { zh: '阶段性答复', en: 'periodic progress reply' } },
  {
    url: '/cy/handleProblemSimple',
    feature: { zh: '中心简易办理', en: 'simple handling by the centre' },
  },
  { url: '/handleOrgJudgeType', feature: { zh: '单位判定类型', en: 'unit judgement type' } },
  { url: '/repeatHandleDc', feature: { zh: '重复件处理', en: 'repeat-order handling' } },
  {
    url: '/Dc/replyStreetUserName',
    feature: { zh: '街道承办人回复', en: 'street handler name reply' },
  },
  { url: '/insertIsDispute', feature: { zh: '争议标记', en: 'dispute marking' } },
];

export function notEnabledWorkOrderRoutes(app: FastifyInstance): void {
  for (const { url, feature } of WORK_ORDER_NOT_ENABLED) {
    app.post(url, {
      schema: {
        tags: READ_TAGS,
        summary: `Not enabled here: ${feature.en}`,
        response: { 501: notEnabledResponse },
      },
      handler: async (request, reply) =>
        reply.status(501).send({
          code: 501,
          msg: translate('feature.notEnabled', request.lang, { feature }),
          data: null,
        }),
    });
  }
}
