// The words of the alarm types (docs/api/events-api.md section 2): the alarm list gives an alarm's
// type as a number, a message of the message service as a word. The simulator's own copy of the
// notes' table (it imports nothing from nodes/; test/simulator/areas/alarms.test.ts holds the two
// together): number -> word, and a word (any case) -> its number. A number it does not know goes
// into messages as the number.

const PAIRS: readonly string[] = [
  '10002 motiondetect', '12000 VMD', '12086 VMDRecov', '10120 SmartHumanDet', '10147 HumanMoveIn',
  '10148 HumanLongStay', '15500 vas_smart_human', '12187 figureCapture', '12258 CustomHumanMoveIn',
  '10079 intelligentDetection_d', '15010 intelligentDetection', '15006 deviceIntelligentDetection',
  '10131 human_car_alarm', '10130 car_detect', '15502 vas_smart_car', '10025 parkingdetection',
  '10015 facedetection', '10121 SmartFaceDet', '15011 face_detect', '12186 faceCapture', '10078 face_compare',
  '16400 vas_face', '16401 vas_face_dooropen', '10042 whitelistface', '10077 face_stranger', '16000 StrangerAppear',
  '13080 FaceBlackList', '12185 lpr', '10013 linedetection', '13201 linecrossArm', '13202 linecrossArmRecov',
  '10014 fielddetection', '13209 fielddetectionRecov', '10029 enterareadetection', '10030 exitareadetection',
  '10033 intrusion', '10027 loiterdetection', '13064 loiter', '10028 rundetection', '10026 highdensitydetection',
  '10023 leftdetection', '10024 takedetection', '15003 pet_detection', '15004 tumble_detection',
  '12259 PeopleFallingDownDetection', '10155 PackageAppear', '10000 pir', '10010 infrared', '10140 PirMoveAlarm',
  '13074 pirDet', '10018 curtain', '13218 pirAlarm', '10016 doorbell', '10146 doobellringing',
  '20002 calling_doorbell', '20003 calling_hangup', '20004 calling_accept', '10062 callmsg', '10063 hangupmsg',
  '10003 babycry', '10022 audioexception', '15008 sound_detection', '15000 cry_detect', '15001 voiceAiCheckBabyCry',
  '13087 audioUpTrig', '13089 audioDropTrig', '10020 scenechangedetection', '10011 shelteralarm',
  '12002 tamperdetection', '12087 tamperRecov', '10021 defocus', '10012 videoloss', '12027 devTampering',
  '12028 devTamperRecov', '10031 mag_gim', '12021 sensorDemol', '12022 sensorRecov', '10032 UnderVoltage',
  '30032 UnderVoltage_d', '10071 lowbattery', '30031 lowbattery_d', '13211 lowBatteryAlarm',
  '30028 SeriousUnderVoltage', '10036 PowerChange', '12100 DetLowBattery', '12101 DetBatteryRecov', '12029 ACDown',
  '12030 ACRecov', '12031 lowBatVol', '12032 norBatVol', '30064 SdCardDamaged', '30065 SdCardNotFormatted',
  '10076 abnormalharddisk', '12093 HDDfull', '12094 HDDfree', '12095 HDDexception', '12096 HDDRecov',
  '10098 devoffline', '30010 offline', '12098 DetOffline', '12099 DetOnline', '12102 zoneAddDet',
  '12103 zoneDeleteDet', '12048 disarm', '12049 arm', '12056 stayArm', '12052 clear', '10001 callhelp',
  '10009 emergency', '12121 emergHelp', '13224 emergHelp', '10004 magnetometer', '17001 magnetometer_d',
  '10019 move_magnetometer', '13219 magneticAlarm', '13220 magneticAlarmRestored', '13304 magnetometer-unclosed',
  '10135 doorClose', '10005 fire', '13226 smogAlarm', '13227 smogAlarmRestored', '10154 SmokeFireAlarm',
  '10144 SmokeAlarmReset', '10006 gas', '10142 GasAlarm', '10145 GasAlarmReset', '13222 gasAlarm',
  '13223 gasAlarmRestored', '10008 waterlogging', '13216 waterLoggingAlarm', '13217 waterLoggingAlarmRestored',
  '13332 WaterOut', '13331 WaterOutReset',
];

/** number -> the vendor's word (the first row of a number). */
export const ALARM_WORDS: ReadonlyMap<number, string> = new Map(
  [...PAIRS].reverse().map((p) => [Number(p.split(' ')[0]), p.split(' ')[1]] as [number, string]),
);

const byWord = new Map<string, number>();
for (const p of PAIRS) {
  const [code, word] = p.split(' ');
  for (const w of [word, word.toLowerCase()]) if (!byWord.has(w)) byWord.set(w, Number(code));
}

/** A word's number (exact, then any case), undefined when the table does not have it. */
export function alarmCodeOf(word: string): number | undefined {
  const w = word.trim();
  return byWord.get(w) ?? byWord.get(w.toLowerCase());
}
