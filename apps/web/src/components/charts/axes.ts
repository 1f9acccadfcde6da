/** One axis per quantity: the domain's grouping, which the server's share preview uses too. */
export { axisGroups, axisKey, type AxisGroup, type AxisOf } from '@groundtruth/domain';
