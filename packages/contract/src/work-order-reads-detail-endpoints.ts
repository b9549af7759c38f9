import { endpoint } from './endpoint';
import { orderIdBody } from './work-order-reads';
import {
  attributesResponse,
  cityStateResponse,
  departmentDictResponse,
  detailResponse,
  gridTreeBody,
  gridTreeResponse,
  resultInfoResponse,
} from './work-order-reads-detail';
import { READ_TAGS as tags } from './work-order-reads-endpoints';

/**
 * Reads of one order and the lookups its forms choose from (docs/api.md "Work-order lists and
 * counts"): the detail, its handling result and city state, the attribute vocabularies, the
 * transfer targets and the grid tree.
 */

const J = '/addons/jsjb';

export const detailEndpoints = {
  detail: endpoint({
    method: 'POST',
    paths: [`${J}/lists/detail`, `${J}/detail`],
    summary: 'One order: fields, timeline, files, requests, visits, similar, lock, abilities',
    tags,
    access: 'user',
    body: orderIdBody,
    response: detailResponse,
  }),
  resultInfo: endpoint({
    method: 'POST',
    paths: [`${J}/district/queryResultInfo`],
    summary: 'The handling result of one order (reply and visit)',
    tags,
    access: 'user',
    body: orderIdBody,
    response: resultInfoResponse,
  }),
  cityState: endpoint({
    method: 'POST',
    paths: [`${J}/town/cityShen`],
    summary: 'Where one order stands with the city: status codes, city reply and close times',
    tags,
    access: 'user',
    body: orderIdBody,
    response: cityStateResponse,
  }),
  attributes: endpoint({
    method: 'POST',
    paths: [`${J}/Mtgdy/attributeList`],
    summary: 'Order attribute vocabularies: natures, urgencies, risk levels, labels in use',
    tags,
    access: 'user',
    response: attributesResponse,
  }),
  transferTargets: endpoint({
    method: 'POST',
    paths: [`${J}/lists/getZbTargDepartDict`],
    summary: 'Units an order can be transferred to (the host units, flat)',
    tags,
    access: 'user',
    response: departmentDictResponse,
  }),
  gridTree: endpoint({
    method: 'POST',
    paths: [`${J}/org/treeWangGe`],
    summary: 'Grid tree: communities and villages under streets and towns (id: one of them)',
    tags,
    access: 'user',
    body: gridTreeBody,
    response: gridTreeResponse,
  }),
};
