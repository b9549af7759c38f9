import { notEnabledResponse } from './work-order-reads-detail';
import { endpoint, type Access } from './endpoint';

/**
 * Paths of the spec that this deployment does not serve: their purpose needs a system we do
 * not have (WeChat, social login, AI, BI, GIS, the enterprise registry, appointment studio,
 * scoring, the city's escalation link), or the spec leaves it too unclear to guess. They answer
 * 501 naming the feature in the caller's language instead of a bare 404; docs/api.md lists
 * them, with the proposed mapping of those the lifecycle may take on later.
 */

type Feature = { zh: string; en: string };

const J = '/addons/jsjb';

function notEnabled(access: Access, tags: string[], paths: [string, ...string[]], f: Feature) {
  return endpoint({
    method: 'POST',
    paths,
    summary: `Not enabled here: ${f.en}`,
    tags,
    access,
    response: notEnabledResponse,
    notEnabled: f,
  });
}

const login = (paths: [string, ...string[]], f: Feature) =>
  notEnabled('public', ['not enabled'], paths, f);
const jsjb = (paths: [string, ...string[]], f: Feature) =>
  notEnabled('user', ['work-order lists'], paths, f);

export const notEnabledEndpoints = {
  orgLogin: login(['/login/authorg'], { zh: '单位授权登录', en: 'org-authorised login' }),
  linkLogin: login(['/index/loginByML'], { zh: '外链登录', en: 'login by external link' }),
  telLogin: login(['/login/getauthbytel'], {
    zh: '电话授权登录',
    en: 'login by telephone authorisation',
  }),
  publicLogin: login(['/login/public'], { zh: '公众号登录', en: 'public-account login' }),
  socialLogin: login(['/socialLogin'], { zh: '社交账号登录', en: 'social login' }),
  scan: login(['/scan'], { zh: '扫码注册', en: 'scan registration' }),
  wxCode: login(['/login/wxCode'], { zh: '微信登录', en: 'WeChat login' }),
  wxLoginJson: login(['/login/wx_login_json'], { zh: '微信登录', en: 'WeChat login' }),
  wxJoins: login(['/login/joins'], { zh: '微信账号绑定', en: 'WeChat account binding' }),

  companyInfo: jsjb(
    [`${J}/lists/queryWorkOrderSueCompanyInfo`, `${J}/queryWorkOrderSueCompanyInfo`],
    { zh: '企业信息查询', en: 'enterprise registry lookup' },
  ),
  mapPoint: jsjb([`${J}/lists/mapPoint`], { zh: '地图点位（GIS）', en: 'map points (GIS)' }),
  aiQiyou: jsjb([`${J}/auto/queryAiQiyou`], { zh: '智能企业查询', en: 'AI enterprise query' }),
  gptNlp: jsjb([`${J}/Pybunarukaohe/gptchinesenlp`, `${J}/Pybunarukaohe/wldkapi`], {
    zh: '智能文本分析',
    en: 'AI text analysis',
  }),
  maintenanceData: jsjb([`${J}/Ltwh.hph/getWhDataByAdminId`], {
    zh: '外部维护数据',
    en: 'external maintenance data',
  }),
  biToken: jsjb([`${J}/bi/biToken`], { zh: 'BI 报表', en: 'BI reports' }),
  studio: jsjb(
    [`${J}/Studio/yuyueMessageList`, `${J}/Studio/yuyueMessageId`, `${J}/Studio/yuyueMessagUpdate`],
    { zh: '预约工作室', en: 'appointment studio' },
  ),
  score: jsjb([`${J}/chong/getScore`, `${J}/chong/addScore`], {
    zh: '评分系统',
    en: 'scoring system',
  }),
  hallCode: jsjb([`${J}/ft/handleSaveCode`], {
    zh: '分厅编码登记',
    en: 'service-hall code registration',
  }),
  documentaryShow: jsjb([`${J}/cy/queryAllDocumentaryIsShow`], {
    zh: '跟单显示设置',
    en: 'documentary display switch',
  }),
  cityEscalation: jsjb([`${J}/Dc/handleTiguaCity`], {
    zh: '提挂市级系统',
    en: 'escalation to the city system',
  }),
  buildingStaff: jsjb([`${J}/org/fillinBaolouPersonnel`], {
    zh: '包楼人员登记',
    en: 'building-responsibility staff registry',
  }),
  readFinish: jsjb([`${J}/redaction/queryReadFinish`, `${J}/redaction/insertReadFinish`], {
    zh: '阅办记录',
    en: 'read-and-finish records',
  }),
  indicatorReturn: jsjb([`${J}/lists/replyReturnZb`], {
    zh: '指标系统退回回复',
    en: 'indicator-system return reply',
  }),
  // Actions the lifecycle has no transition for yet; docs/api.md gives the proposed mapping.
  endorse: jsjb([`${J}/sjs/endorseOrderSjs`, `${J}/endorseOrderSjs`], {
    zh: '领导批示',
    en: 'leader endorsement',
  }),
  attributeHandling: jsjb([`${J}/Mtgdy/handleOrderAttribute`], {
    zh: '属性处理',
    en: 'attribute handling',
  }),
  requestType: jsjb([`${J}/Cy/updateRequestType`], {
    zh: '诉求类型修改',
    en: 'request type change',
  }),
  completionNotice: jsjb([`${J}/org/notifycompletionsubmit`], {
    zh: '办结通知',
    en: 'completion notice',
  }),
  communityChange: jsjb([`${J}/dc/updateCommunityHd`], {
    zh: '区级修改社区',
    en: 'community change by the district',
  }),
  periodicReply: jsjb([`${J}/org/periodicReply`], {
    zh: '阶段性答复',
    en: 'periodic progress reply',
  }),
  simpleHandling: jsjb([`${J}/cy/handleProblemSimple`], {
    zh: '中心简易办理',
    en: 'simple handling by the centre',
  }),
  judgeType: jsjb([`${J}/handleOrgJudgeType`], { zh: '单位判定类型', en: 'unit judgement type' }),
  repeatHandling: jsjb([`${J}/repeatHandleDc`], { zh: '重复件处理', en: 'repeat-order handling' }),
  streetUserName: jsjb([`${J}/Dc/replyStreetUserName`], {
    zh: '街道承办人回复',
    en: 'street handler name reply',
  }),
  dispute: jsjb([`${J}/insertIsDispute`], { zh: '争议标记', en: 'dispute marking' }),
};
