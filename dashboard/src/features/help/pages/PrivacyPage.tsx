// 个人信息保护政策 (/shengming1): what this platform stores about a person, where, for how long, and their rights.
// Every item matches what the code keeps (docs/members.md, docs/help-admin.md).
import { Link } from 'react-router-dom';
import { StatementLayout } from '../components/StatementLayout';

export function PrivacyPage() {
  return (
    <StatementLayout
      title="个人信息保护政策"
      testId="statement-privacy"
      other={{ label: '用户协议与免责声明', to: '/shengming' }}
    >
      <h2>一、我们收集的信息</h2>
      <ul>
        <li>
          <b>账号信息</b>
          ：手机号、昵称与头像、登录密码（只保存不可逆的加盐哈希，任何人都无法看到原密码）、微信或 QQ
          扫码登录时的身份标识（openid/unionid）与昵称、邀请码与邀请关系。
        </li>
        <li>
          <b>您主动填写的信息</b>
          ：完善资料时的联系人、联系电话、公司、行业与需求；发票抬头、纳税人识别号、收件地址；
          定制需求；对公转账的付款单位与银行流水号。
        </li>
        <li>
          <b>使用记录</b>
          ：收藏的公众号与文章、分组、订阅的关键词、搜索记录、监测与回采订单、订单与支付记录、API
          调用与消费记录、API 密钥（只保存哈希）。
        </li>
        <li>
          <b>页面浏览记录</b>
          ：每次切换页面时的路径、查询参数、来源页、一个随机的访客标识，以及登录时的账号编号，用于统计功能使用情况。
        </li>
        <li>
          <b>安全记录</b>：短信验证码（只保存哈希，5 分钟有效）、登录失败记录与 IP
          地址（用于限制暴力破解，保留 1 天）、请求日志。
        </li>
      </ul>
      <h2>二、Cookie 与本地存储</h2>
      <ul>
        <li>
          登录状态保存在浏览器的 localStorage（userInfo：登录令牌、昵称、头像、登录方式）；退出登录即清除。
        </li>
        <li>访客标识与推广来源（bd_vid）保存在浏览器存储中，用于页面浏览统计与推广效果统计。</li>
        <li>演示模式的扫码确认页会在手机浏览器中保存一个 Cookie，使同一部手机对应同一个演示身份。</li>
        <li>本站不使用第三方广告 Cookie。</li>
      </ul>
      <h2>三、我们如何使用</h2>
      <ul>
        <li>提供登录、会员、监测、回采、API 与发票等您请求的服务；发送验证码短信；处理支付与开票。</li>
        <li>防止滥用：登录失败与验证码频率限制、API 调用频率限制。</li>
        <li>统计各功能的使用情况以改进产品。我们不会出售您的个人信息。</li>
      </ul>
      <h2>四、共享与委托处理</h2>
      <ul>
        <li>短信验证码经短信服务商（如阿里云短信）发送，仅提供手机号与验证码。</li>
        <li>在线支付经支付宝完成，仅提供订单号、金额与商品名称。</li>
        <li>微信或 QQ 登录时，由微信开放平台或 QQ 互联向我们提供您的身份标识与昵称、头像。</li>
        <li>法律法规要求或有权机关依法要求时，我们会依法提供。</li>
      </ul>
      <h2>五、保存期限</h2>
      <ul>
        <li>账号信息在账号存续期间保存；注销后按下文处理。</li>
        <li>登录令牌到期失效（勾选自动登录 30 天，否则 1 天）；页面浏览记录保存 400 天后自动删除。</li>
        <li>订单、支付通知、已开发票与 API 消费记录属于交易记录，依照财务与税务法规保存。</li>
      </ul>
      <h2>六、您的权利</h2>
      <ul>
        <li>
          <b>查阅与更正</b>：在<Link to="/appsearch/center?tabSt=1">会员中心</Link>查看账号信息与资料，在
          <Link to="/appsearch/getinvoice">发票</Link>页面管理抬头与地址。
        </li>
        <li>
          <b>撤回授权</b>：在<Link to="/binding">账号绑定</Link>页面解绑微信或 QQ。
        </li>
        <li>
          <b>删除与注销</b>：在<Link to="/deletion">注销账号</Link>
          页面注销。注销后，我们在同一个事务中删除您的手机号、昵称、头像、密码、 微信与 QQ
          身份、资料、收藏与分组、关键词、搜索记录、API
          密钥、短链接、发票抬头与收件地址、定制需求与全部登录状态； 订单、已开发票与 API
          消费记录作为交易记录保留，但只关联到一个已匿名化、无法登录的账号编号。剩余 API
          次数与会员权益随之作废。
        </li>
      </ul>
      <h2>七、未成年人</h2>
      <p>本平台面向企业与专业用户，不面向未满 14 周岁的未成年人提供服务。</p>
      <h2>八、政策变更</h2>
      <p>
        本政策如有变更，将在<Link to="/newnotice">网站公告</Link>中发布。
      </p>
    </StatementLayout>
  );
}
